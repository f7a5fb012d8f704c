// How a result image is painted, as data: a file's bytes are rendered on first download, and the demo gateway
// keeps its files across restarts, so what to paint must survive as JSON, not as a closure.
import { gradientPainter, gridPainter, type Painter } from './png';

export type PaintRecipe =
  | { kind: 'gradient'; seed: number }
  /** A four-image grid ([EP-GRID-1]). */
  | { kind: 'grid'; seed: number }
  /** One 1024x1024 quadrant of a 2048x2048 grid: what an upscale composes ([EP-GRID-1]). */
  | { kind: 'quadrant'; seed: number; column: number; row: number };

export function painterOf(recipe: PaintRecipe): Painter {
  switch (recipe.kind) {
    case 'gradient':
      return gradientPainter(recipe.seed);
    case 'grid':
      return gridPainter(recipe.seed);
    case 'quadrant': {
      const grid = gridPainter(recipe.seed);
      const { column, row } = recipe;
      return (x, y) => grid(column * 1024 + x, row * 1024 + y, 2048, 2048);
    }
  }
}
