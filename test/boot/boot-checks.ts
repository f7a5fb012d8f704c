// Everything a boot must show, as a list of problems (empty when the app booted as it should). The same list
// judges the real build, the packaged app and the deliberately broken variants, so a broken variant failing
// here proves the check can fail.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { BootRun } from './boot-app';
import type { BridgeReply } from './harness/boot-scenario';

function inside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
}

function data(reply: BridgeReply | undefined): Record<string, unknown> | null {
  return reply?.result?.type === 'data' ? (reply.result.data as Record<string, unknown>) : null;
}

/** Problems with the renderer page: missing, no CSP meta, or a script or stylesheet it cannot load. */
export function rendererProblems(indexHtml: string): string[] {
  if (!existsSync(indexHtml)) return [`the renderer page ${indexHtml} does not exist`];
  const html = readFileSync(indexHtml, 'utf8');
  const problems: string[] = [];
  const csp = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
  if (!csp || !csp.includes("script-src 'self'")) problems.push('the renderer page has no CSP meta tag');
  const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
  if (!refs.some((r) => r.endsWith('.js'))) problems.push('the renderer page loads no script');
  for (const ref of refs) {
    // file:// has no server root: an absolute /assets/… path would only work on a dev server.
    if (/^(\/|[a-z]+:)/i.test(ref))
      problems.push(`the renderer page refers to ${ref}, which file:// cannot load`);
    else if (!existsSync(join(dirname(indexHtml), ref)))
      problems.push(`the renderer page's ${ref} is missing`);
  }
  return problems;
}

export function bootProblems(run: BootRun): string[] {
  const { report, layout, scenario } = run;
  if (run.hung)
    return [`the app did not exit by itself; ${run.stderr.split('\n').filter(Boolean).at(-1) ?? ''}`];
  if (!report) return [`the app wrote no report (exit ${run.code}): ${run.stderr.trim().slice(-2000)}`];
  const problems: string[] = [...report.failures];
  const need = (ok: boolean, problem: string): void => void (ok || problems.push(problem));

  need(run.code === 0, `the app exited with ${run.code ?? run.signal}`);
  need(
    report.nodeVersion.startsWith('v24.'),
    `booted on Node ${report.nodeVersion}, not the project's Node 24`,
  );
  need(
    report.unknownMembers.length === 0,
    `main used Electron members the fake lacks: ${report.unknownMembers.join(', ')}`,
  );

  const at = (call: string): number => report.calls.indexOf(call);
  const ready = at('ready');
  need(at('app.requestSingleInstanceLock') >= 0, 'main did not ask for the single-instance lock');
  need(at('app.enableSandbox before ready') >= 0, 'main did not enable the sandbox for all renderers');
  const media = report.privilegedSchemes.find((s) => s.scheme === 'studio-media');
  need(
    at('protocol.registerSchemesAsPrivileged before ready') >= 0 && media?.privileges['standard'] === true,
    'studio-media was not registered as a privileged standard scheme before ready',
  );
  need(at('protocol.handle studio-media') > ready, 'studio-media is not handled after ready');

  const win = report.window;
  if (!win) return [...problems, 'main opened no window'];
  const prefs = win.options.webPreferences ?? {};
  // The settings the window must have, written here apart from main-window.ts: read from it, the check would pass
  // whatever the window was given.
  for (const [key, value] of Object.entries({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
  })) {
    need(prefs[key] === value, `webPreferences.${key} is ${String(prefs[key])}, not ${String(value)}`);
  }
  const preloadPath = String(prefs['preload']);
  need(existsSync(preloadPath), `the preload ${preloadPath} does not exist`);
  need(inside(layout.appPath, preloadPath), `the preload ${preloadPath} is not part of the app`);
  need(
    report.preload.ran && report.preload.error === null,
    `the preload did not run: ${report.preload.error}`,
  );
  need(
    report.preload.exposed.join() === 'electronTRPC',
    `the preload exposed ${report.preload.exposed.join()}`,
  );
  const icon = win.options['icon'];
  need(typeof icon === 'string' && existsSync(icon), `the window icon ${String(icon)} is not in the app`);

  const indexHtml = join(layout.appPath, 'out', 'renderer', 'index.html');
  need(win.loadedFile === indexHtml, `the window loaded ${win.loadedFile}, not ${indexHtml}`);
  problems.push(...rendererProblems(indexHtml));
  need(win.shownOnReadyToShow, 'the window is not shown on ready-to-show');
  need(win.windowOpenDenied, 'the window may open new windows');
  need(win.foreignNavigationPrevented, 'the window may navigate to a foreign page');
  need(win.focusedOnSecondInstance, 'a second instance does not bring the window forward');
  need(
    report.permissions?.fullscreen === true && report.permissions.geolocation === false,
    'permissions are off',
  );

  const status = data(report.bridge.status);
  need(status !== null, `the bridge did not answer session.status: ${JSON.stringify(report.bridge.status)}`);
  need(inside(scenario.userData, String(status?.['libraryDir'])), 'the library is not under userData');
  need(existsSync(join(scenario.userData, 'studio.db')), 'the database was not opened under userData');
  for (const [who, reply] of [
    ['another web contents', report.bridge.fromOtherSender],
    ['a subframe', report.bridge.fromSubframe],
  ] as const) {
    need(reply?.error?.data?.code === 'FORBIDDEN', `the bridge answered ${who}: ${JSON.stringify(reply)}`);
  }
  need(run.stderr.includes('bridge: refused a message'), 'refused bridge messages leave no trace');
  need(
    report.media?.stray.status === 404,
    `studio-media served a stray file: ${JSON.stringify(report.media)}`,
  );

  if (scenario.demo) {
    const demo = data(report.bridge.useDemo);
    need(
      demo?.['mode'] === 'demo',
      `the demo gateway did not start: ${JSON.stringify(report.bridge.useDemo)}`,
    );
    need(data(report.bridge.balance)?.['success'] === true, 'the demo gateway did not answer the balance');
    const speech = report.media?.speech;
    need(
      speech?.status === 200 && speech.contentType === 'audio/ogg' && speech.bytes > 0,
      `the demo's speech was not filed and served over studio-media: ${JSON.stringify(speech ?? report.bridge.speech)}`,
    );
    need(report.quit?.demoServerRefused === true, 'the demo gateway still listens after quitting');
  }
  need(report.quit?.completed === true, 'the app did not quit');
  need(report.quit?.databaseWalLeft === false, 'the database was not closed (its WAL file is left)');
  return problems;
}
