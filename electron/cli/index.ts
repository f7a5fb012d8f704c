export { runCli } from './run-cli';
export type { RunOptions } from './run-cli';
export { processIo } from './cli-io';
export type { CliIo } from './cli-io';
export { EXIT } from './cli-errors';
export type { ExitCode, CliErrorBody } from './cli-errors';
