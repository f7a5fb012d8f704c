export { recipeMigrations } from './recipe-migrations';
export { RecipeStore } from './recipe-store';
export { RecipeRunner } from './recipe-runner';
export type { RecipeEngine, RecipePorts, RunOptions } from './recipe-runner';
export { recipeFromChain } from './recipe-from-chain';
export { RecipeRunStore } from './recipe-run-store';
