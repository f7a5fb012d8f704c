export { CastStore } from './cast-store';
export { boardCast, planStoryboard, priceStoryboard } from './storyboard-plan';
export type { StoryboardPlan, StoryboardPrice } from './storyboard-plan';
export { StoryboardRunStore } from './storyboard-run-store';
export { StoryboardRunner } from './storyboard-runner';
export type { BoardRunOptions, CutToFile, StoryboardPorts } from './storyboard-runner';
export { readStoryboardFile } from './storyboard-file';
export { StoryboardStore } from './storyboard-store';
export { StoryboardDesk, shotAlone } from './storyboard-desk';
