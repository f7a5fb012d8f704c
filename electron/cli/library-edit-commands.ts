// The `library` command's subcommands for the edits library sync carries (commands/library-edits.ts).
import type { Command } from 'commander';
import type { CliContext } from './cli-context';
import {
  libraryFavouriteCommand,
  libraryRestoreCommand,
  libraryStraysCommand,
  libraryTagCommand,
  libraryTrashCommand,
} from './commands/library-edits';

const collect = (value: string, previous: string[]) => [...previous, value];

export function addLibraryEdits(library: Command, context: (command: Command) => CliContext): void {
  library
    .command('tag')
    .description('add and remove tags on one item')
    .argument('<id>', 'library item id')
    .option('--add <tag>', 'a tag to add (repeatable)', collect, [])
    .option('--remove <tag>', 'a tag to take off (repeatable)', collect, [])
    .action((id: string, options: { add: string[]; remove: string[] }, command: Command) =>
      libraryTagCommand(context(command), id, options),
    );
  library
    .command('favourite')
    .description('mark one item as a favourite (--off: unmark it)')
    .argument('<id>', 'library item id')
    .option('--off', 'no longer a favourite')
    .action((id: string, options: { off?: boolean }, command: Command) =>
      libraryFavouriteCommand(context(command), id, !options.off),
    );
  library
    .command('trash')
    .description('move one item to the trash (kept until restored)')
    .argument('<id>', 'library item id')
    .action((id: string, _options, command: Command) => libraryTrashCommand(context(command), id));
  library
    .command('restore')
    .description('bring one item back from the trash')
    .argument('<id>', 'library item id')
    .action((id: string, _options, command: Command) => libraryRestoreCommand(context(command), id));
  library
    .command('strays')
    .description('list files in the library folder that no item indexes (--reindex: add them back, --trash)')
    .option('--reindex', 'add back those that carry their settings')
    .option('--trash', 'move them all to the trash')
    .action((options: { reindex?: boolean; trash?: boolean }, command: Command) =>
      libraryStraysCommand(context(command), options),
    );
}
