// The `queue` command and its subcommands (commands/queue.ts): the submission queue the app sends, edited from a
// terminal. `queue` alone lists it.
import type { Command } from 'commander';
import type { CliContext } from './cli-context';
import {
  queueCancelCommand,
  queueListCommand,
  queueMoveCommand,
  queuePauseCommand,
  queueResumeCommand,
  queueRetryCommand,
  queueScheduleCommand,
} from './commands/queue';

export function addQueueCommands(program: Command, context: (command: Command) => CliContext): void {
  const queue = program
    .command('queue')
    .description('the submission queue the app sends: items wait, not charged, until their turn')
    .action((_o, command: Command) => queueListCommand(context(command)));
  queue
    .command('list')
    .description('each item with its position, what is ahead of it and when it should start')
    .action((_o, command: Command) => queueListCommand(context(command)));
  queue
    .command('pause')
    .description('send nothing more until resumed')
    .action((_o, command: Command) => queuePauseCommand(context(command)));
  queue
    .command('resume')
    .description('send again (after a budget or confirmation pause, the item it stopped at is confirmed)')
    .action((_o, command: Command) => queueResumeCommand(context(command)));
  queue
    .command('move')
    .description('put a waiting item at the front, at the back, or before another item')
    .argument('<item>', 'queue item id (or a unique start of it)')
    .argument('<where>', 'front, back, or the item to go before')
    .action((item: string, to: string, _o, command: Command) =>
      queueMoveCommand(context(command), { item, to }),
    );
  queue
    .command('cancel')
    .description('take items out: one never sent is not charged')
    .argument('<items...>', 'queue item ids')
    .option('--at-gateway', 'also stop tracking items already sent (the gateway may still charge them)')
    .action((items: string[], options: { atGateway?: boolean }, command: Command) =>
      queueCancelCommand(context(command), { items, atGateway: options.atGateway }),
    );
  queue
    .command('retry')
    .description('a failed item goes to the back of the queue again')
    .argument('<item>', 'queue item id')
    .action((item: string, _o, command: Command) => queueRetryCommand(context(command), { item }));
  queue
    .command('schedule')
    .description('send nothing before this time: HH:MM (its next occurrence), an ISO time, or "now"')
    .argument('<at>', 'when to start')
    .action((at: string, _o, command: Command) => queueScheduleCommand(context(command), { at }));
}
