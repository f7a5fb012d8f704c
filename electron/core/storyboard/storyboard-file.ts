// A storyboard file as the CLI reads it: bounded before it is parsed and checked whole with the board's schema,
// by the studio files' one rule (shared/studio/studio-file.ts), so a bad one is refused with a sentence naming its
// first problem, as a preset or recipe file is.
import { storyboardFileSchema, type Storyboard } from '../../../shared/studio/storyboard';
import { readStudioFile } from '../../../shared/studio/studio-file';

export function readStoryboardFile(text: string): Storyboard {
  return readStudioFile('storyboard', text, storyboardFileSchema).storyboard;
}
