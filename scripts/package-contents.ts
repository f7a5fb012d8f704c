// What a packaged app carries, read from its resources: the entries of app.asar (packed or unpacked), what must
// be there (the built bundles, sharp's native module outside the archive, every simulator fixture) and what must
// not (sources, tests, source maps, the CLI bundle, dev dependencies).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { extractFile, getRawHeader } from '@electron/asar';

export interface AsarEntry {
  /** Path inside the archive, with forward slashes and no leading slash. */
  path: string;
  size: number;
  unpacked: boolean;
  /** Set for a symbolic link: its target inside the archive. */
  link?: string;
}

interface HeaderNode {
  files?: Record<string, HeaderNode>;
  size?: number;
  unpacked?: boolean;
  link?: string;
}

/** Every file and link in the archive (directories are implied by the paths). */
export function asarEntries(archive: string): AsarEntry[] {
  const entries: AsarEntry[] = [];
  const walk = (node: HeaderNode, prefix: string): void => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name;
      if (child.files) walk(child, path);
      else
        entries.push({
          path,
          size: child.size ?? 0,
          unpacked: child.unpacked === true,
          ...(child.link !== undefined && { link: child.link }),
        });
    }
  };
  walk((getRawHeader(archive) as { header: HeaderNode }).header, '');
  return entries;
}

/** The top level of the archive an app may have: the built bundles, its manifest, runtime dependencies, the icon. */
const ALLOWED_TOP = new Set(['out', 'node_modules', 'package.json', 'assets']);
const ALLOWED_OUT = new Set(['main', 'preload', 'renderer']);

/** node_modules/a/node_modules/@s/b/lib/x.js -> node_modules/a/node_modules/@s/b (package-lock's key). */
function packageKey(path: string): string | null {
  const match = /^(node_modules\/(?:@[^/]+\/)?[^/]+(?:\/node_modules\/(?:@[^/]+\/)?[^/]+)*)/.exec(path);
  return match?.[1] ?? null;
}

/**
 * name@version of every package the lock installs for production. electron-builder hoists and dedupes, so a
 * package may sit at another path in the archive than in node_modules: it is judged by name and version.
 */
function productionPackages(root: string): Set<string> {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; version?: string; name?: string }>;
  };
  const prod = new Set<string>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const name = entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (key !== '' && entry.dev !== true) prod.add(`${name}@${entry.version}`);
  }
  return prod;
}

function filesIn(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile()) : [];
}

/** What is wrong with the unpacked app electron-builder made from the checkout at `root`; empty when nothing. */
export function packageProblems(app: string, root: string): string[] {
  const resources = join(app, 'resources');
  const entries = asarEntries(join(resources, 'app.asar'));
  const problems: string[] = [];
  const archive = join(resources, 'app.asar');
  const prod = productionPackages(root);
  const packages = new Set<string>();
  for (const entry of entries) {
    const [top = '', second = ''] = entry.path.split('/');
    if (!ALLOWED_TOP.has(top))
      problems.push(`${entry.path} is not part of the app (sources, tests or tooling)`);
    else if (top === 'out' && !ALLOWED_OUT.has(second))
      problems.push(`${entry.path} is not one of the app's bundles`);
    if (entry.path.endsWith('.map') && top === 'out') problems.push(`${entry.path} is a source map`);
    const key = packageKey(entry.path);
    if (key && entry.path === `${key}/package.json`) packages.add(key);
    if (entry.unpacked && !existsSync(join(resources, 'app.asar.unpacked', entry.path)))
      problems.push(`${entry.path} is marked unpacked but missing from app.asar.unpacked`);
  }
  for (const key of packages) {
    const manifest = join(resources, 'app.asar.unpacked', key, 'package.json');
    const bytes = existsSync(manifest) ? readFileSync(manifest) : extractFile(archive, `${key}/package.json`);
    const { name, version } = JSON.parse(bytes.toString()) as { name: string; version: string };
    if (!prod.has(`${name}@${version}`))
      problems.push(`${key} (${name}@${version}) is not a production dependency`);
  }
  for (const need of [
    'out/main/main.js',
    'out/preload/preload.cjs',
    'out/renderer/index.html',
    'package.json',
  ])
    if (!entries.some((e) => e.path === need)) problems.push(`${need} is missing`);

  const sharpNative = entries.filter((e) =>
    /^node_modules\/@img\/sharp-[^/]+\/lib\/[^/]+\.node$/.test(e.path),
  );
  if (sharpNative.length === 0) problems.push("sharp's native module is missing");
  for (const e of sharpNative)
    if (!e.unpacked) problems.push(`${e.path} is packed, where no native module can load`);
  // ffmpeg is a program the storyboard runs (core/media/ffmpeg.ts runs it from app.asar.unpacked).
  const ffmpeg = entries.filter((e) =>
    /^node_modules\/@ffmpeg-installer\/[^/]+\/ffmpeg(\.exe)?$/.test(e.path),
  );
  if (ffmpeg.length === 0) problems.push("ffmpeg's binary is missing");
  for (const e of ffmpeg) if (!e.unpacked) problems.push(`${e.path} is packed, where it cannot be run`);
  const packedNative = entries.filter((e) => !e.unpacked && /\.(node|dll|dylib)$|\.so(\.\d+)*$/.test(e.path));
  for (const e of packedNative) problems.push(`${e.path} is native code inside app.asar`);

  const fixtures = join(root, 'electron', 'simulator', 'fixtures');
  for (const name of filesIn(fixtures)) {
    const shipped = join(resources, 'simulator-fixtures', name);
    if (!existsSync(shipped))
      problems.push(`the simulator fixture ${name} is not in resources/simulator-fixtures`);
    else if (statSync(shipped).size !== statSync(join(fixtures, name)).size)
      problems.push(`${shipped} differs`);
  }
  return problems;
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** A short inventory of the packaged app for the dry run's output. */
export function describePackage(app: string): string {
  const resources = join(app, 'resources');
  const entries = asarEntries(join(resources, 'app.asar'));
  const groups = new Map<string, { files: number; bytes: number }>();
  for (const entry of entries) {
    const group = packageKey(entry.path) ?? entry.path.split('/').slice(0, 2).join('/');
    const g = groups.get(group) ?? { files: 0, bytes: 0 };
    groups.set(group, { files: g.files + 1, bytes: g.bytes + entry.size });
  }
  const modules = [...groups].filter(([k]) => k.startsWith('node_modules/'));
  const own = [...groups].filter(([k]) => !k.startsWith('node_modules/'));
  const largest = modules.sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 12);
  return [
    `packaged app: ${app}`,
    ...readdirSync(resources).map((name) => `  resources/${name}: ${mib(sizeOf(join(resources, name)))}`),
    `  app.asar holds ${entries.length} files (${entries.filter((e) => e.unpacked).length} of them unpacked):`,
    ...own.map(([k, g]) => `    ${k}: ${g.files} files, ${mib(g.bytes)}`),
    `    node_modules: ${modules.length} packages; the largest:`,
    ...largest.map(([k, g]) => `      ${k.slice('node_modules/'.length)}: ${mib(g.bytes)}`),
  ].join('\n');
}
