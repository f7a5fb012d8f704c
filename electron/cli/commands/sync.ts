// `sync` (one round: push, then pull), `sync status`, `sync restore`: library sync from a terminal, against the
// remote the environment (or the app) names. A sync failure is said in the remote's own sentence.
import { byteSize } from '../../../shared/studio/byte-size';
import { describeReadProblems } from '../../../shared/studio/sync';
import type { SyncDevice, SyncReceived, SyncReport, SyncStatus } from '../../../shared/studio/sync';
import { syncErrorInfo } from '../../core/sync';
import type { SyncService } from '../../core/sync';
import type { CliContext } from '../cli-context';
import { EXIT, cliError } from '../cli-errors';
import type { CliError } from '../cli-errors';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function describeReport(report: SyncReport): string {
  const { pushed, pulled } = report;
  const sent =
    pushed.changes + pushed.files === 0
      ? 'Sent nothing new'
      : `Sent ${plural(pushed.changes, 'change')} and ${plural(pushed.files, 'file')} (${byteSize(pushed.bytes)})`;
  const moved = [
    pulled.added && `${pulled.added} new`,
    pulled.updated && `${pulled.updated} updated`,
    pulled.trashed && `${pulled.trashed} moved to the trash`,
    pulled.restored && `${pulled.restored} restored`,
  ].filter(Boolean);
  const received =
    pulled.changes === 0 && pulled.files === 0
      ? 'received nothing new'
      : `received ${plural(pulled.changes, 'change')}${moved.length ? ` (${moved.join(', ')})` : ''} and ${plural(pulled.files, 'file')}${pulled.bytes ? ` (${byteSize(pulled.bytes)})` : ''}`;
  const from = report.received.length > 0 ? `: ${describeReceived(report.received)}` : '';
  const line = `${sent}; ${received}, from ${plural(report.devices, 'other device')} (${plural(report.requests, 'request')})${from}.`;
  // What could not be read is said, never folded into "nothing new" (a deleted segment, a damaged file).
  const unread = describeReadProblems(report.unread, report.unreadCount);
  return unread === null
    ? line
    : `${line}
${unread}`;
}

const deviceName = (name: string) => (name.trim() === '' ? 'an unnamed device' : name);

/** What came in, device by device: "3 items from studio-laptop, 2 changes from Ben’s desktop". */
export function describeReceived(received: readonly SyncReceived[]): string {
  return received
    .map((from) =>
      from.items > 0
        ? `${plural(from.items, 'item')} from ${deviceName(from.name)}`
        : `${plural(from.changes, 'change')} from ${deviceName(from.name)}`,
    )
    .join(', ');
}

const when = (ms: number | null) => (ms === null ? 'never' : new Date(ms).toISOString());

function describeStatus(status: SyncStatus, devices: readonly SyncDevice[]): string {
  const lines = [
    `Sync: ${status.state === 'off' ? 'not set up (set STUDIO_SYNC_REMOTE)' : status.state}`,
    `This device: ${status.deviceName ?? '(unnamed)'} (${status.deviceId})`,
    `Last completed: ${when(status.lastCompletedAt)}`,
  ];
  const receipt = status.lastReceived;
  if (receipt) lines.push(`Last received ${when(receipt.finishedAt)}: ${describeReceived(receipt.received)}`);
  if (status.problem) lines.push(`Problem: ${status.problem}`);
  const unread = describeReadProblems(status.unread ?? []);
  if (unread) lines.push(`Last round: ${unread}`);
  const others = devices.filter((device) => !device.thisDevice);
  if (status.state !== 'off' && others.length > 0) {
    lines.push('Other devices:');
    for (const device of others)
      lines.push(
        `  ${deviceName(device.name)}: ${plural(device.items, 'item')}, last seen ${when(device.lastSeenAt)}`,
      );
  }
  return lines.join('\n');
}

/** A sync failure as the CLI's error: the remote's sentence and code (as the bridge has them), the exit code by
 * who must act. */
export function syncCliError(thrown: unknown): CliError | null {
  const info = syncErrorInfo(thrown);
  if (!info) return null;
  const exit = info.remedy === 'later' ? EXIT.failure : info.remedy === 'setup' ? EXIT.invalid : EXIT.refused;
  return cliError(exit, info.type, info.message, { code: info.code });
}

async function round(ctx: CliContext, run: (sync: SyncService) => Promise<SyncReport>): Promise<void> {
  const sync = ctx.sync();
  const unsubscribe = sync.subscribe((status) => {
    const p = status.progress;
    if (p && p.filesTotal > 0)
      ctx.out.progress(`${p.phase} ${p.filesDone} of ${p.filesTotal} files, ${byteSize(p.bytesDone)}`);
  });
  try {
    const report = await run(sync);
    ctx.out.result(report, () => describeReport(report));
  } catch (thrown) {
    throw syncCliError(thrown) ?? thrown;
  } finally {
    unsubscribe();
  }
}

export function syncCommand(ctx: CliContext): Promise<void> {
  return round(ctx, (sync) => sync.runRound());
}

export function syncRestoreCommand(ctx: CliContext): Promise<void> {
  return round(ctx, (sync) => sync.restore());
}

export function syncStatusCommand(ctx: CliContext): void {
  const sync = ctx.sync();
  const status = sync.status();
  const devices = sync.devices();
  ctx.out.result({ ...status, devices }, () => describeStatus(status, devices));
}
