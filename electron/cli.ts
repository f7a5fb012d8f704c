// CLI composition root: the real process in, an exit code out. Ctrl-C aborts the command in flight, which
// stops waiting (the task keeps running upstream and `task <id> --wait` picks it up again).

// node:sqlite announces itself as experimental on every start; stderr is for progress and errors, so that one
// notice is dropped. The CLI is imported afterwards, because importing it loads node:sqlite.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === 'string' ? warning : warning.message;
  if (text.includes('SQLite is an experimental feature')) return;
  (emitWarning as (w: string | Error, ...r: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;

const { processIo, runCli } = await import('./cli/index');
const controller = new AbortController();
process.once('SIGINT', () => controller.abort(new Error('interrupted')));
process.exitCode = await runCli(process.argv.slice(2), processIo(), { signal: controller.signal });

export {};
