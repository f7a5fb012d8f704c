// One place writes to stdout and stderr. With --json exactly one JSON document reaches stdout and progress is
// silent; without it the result is text for people and progress goes to stderr. The API key is scrubbed from
// every byte written, whatever a message upstream may have quoted.
import type { CliIo } from './cli-io';
import type { CliErrorBody } from './cli-errors';

export class CliOutput {
  private written = false;
  private progressLine = false;

  constructor(
    private readonly io: CliIo,
    readonly json: boolean,
    private readonly secret: () => string | undefined,
  ) {}

  /** The command's result: `doc` under --json, `text` otherwise. */
  result(doc: unknown, text: () => string): void {
    if (this.written) throw new Error('a command printed two results');
    this.written = true;
    this.clearProgress();
    if (this.json) this.io.stdout(this.scrub(`${JSON.stringify(doc, null, 2)}\n`));
    else {
      const body = text();
      this.io.stdout(this.scrub(body.endsWith('\n') || body === '' ? body : `${body}\n`));
    }
  }

  /** Under --json: the error document with more beside it (a failed task and whatever it filed). */
  errorWith(body: CliErrorBody, extra: Record<string, unknown>): void {
    if (!this.json) return this.error(body);
    if (this.written) return;
    this.written = true;
    this.clearProgress();
    this.io.stdout(this.scrub(`${JSON.stringify({ error: body, ...extra }, null, 2)}\n`));
  }

  error(body: CliErrorBody): void {
    this.clearProgress();
    if (this.json) {
      if (this.written) return;
      this.written = true;
      this.io.stdout(this.scrub(`${JSON.stringify({ error: body }, null, 2)}\n`));
      return;
    }
    const where = body.httpStatus ? ` (HTTP ${body.httpStatus} ${body.type})` : '';
    const param = body.param ? ` [${body.param}]` : '';
    this.io.stderr(this.scrub(`error${where}: ${body.message}${param}\n`));
  }

  /** A failure the core recovered from (its Logger's lines): stderr even under --json, which owns only stdout. */
  log(line: string): void {
    this.io.stderr(this.scrub(`gateway-studio: ${line}\n`));
  }

  /** A transient status line; on a terminal it overwrites the previous one. */
  progress(text: string): void {
    if (this.json) return;
    if (this.io.stderrIsTTY) {
      this.io.stderr(this.scrub(`\r\x1b[2K${text}`));
      this.progressLine = true;
    } else this.io.stderr(this.scrub(`${text}\n`));
  }

  /** Human notes on stderr (never under --json). */
  note(text: string): void {
    if (this.json) return;
    this.clearProgress();
    this.io.stderr(this.scrub(`${text}\n`));
  }

  get hasResult(): boolean {
    return this.written;
  }

  private clearProgress(): void {
    if (!this.progressLine) return;
    this.io.stderr('\r\x1b[2K');
    this.progressLine = false;
  }

  private scrub(text: string): string {
    const key = this.secret();
    return key && key.length >= 4 ? text.replaceAll(key, '***') : text;
  }
}
