// A web mode a bridge test starts in a temp folder of its own, on a free port with a silent log: <root>/renderer
// serves a small page (the real renderer is not what these tests ask about), <root>/data holds the studio's
// data. `seed` writes into the data folder before the studio opens it; close() stops it and removes the folder.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebMode, type WebMode, type WebModeOptions } from '../../electron/host/web-mode';

export interface TestWebMode {
  web: WebMode;
  root: string;
  dataDir: string;
  staticDir: string;
  close(): Promise<void>;
}

export async function startTestWebMode(
  prefix: string,
  options: Omit<WebModeOptions, 'dataDir' | 'staticDir'> = {},
  seed?: (dataDir: string) => unknown,
): Promise<TestWebMode> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const staticDir = join(root, 'renderer');
  const dataDir = join(root, 'data');
  await mkdir(staticDir, { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>studio</title>');
  try {
    await seed?.(dataDir);
    const web = await startWebMode({ port: 0, log: () => undefined, ...options, dataDir, staticDir });
    return {
      web,
      root,
      dataDir,
      staticDir,
      close: async () => {
        await web.close();
        await rm(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}
