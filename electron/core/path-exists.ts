// Whether something is at a path, for the places that choose a free name or keep one copy of a file. Any
// failure of stat counts as nothing there: each caller then writes, and a real problem surfaces on that write.
import { stat } from 'node:fs/promises';

export async function pathExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
