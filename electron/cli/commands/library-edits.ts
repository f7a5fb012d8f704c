// `library tag ID --add T --remove T`, `library favourite ID [--off]`, `library trash ID`, `library restore ID`:
// the library edits sync carries, one item at a time. The trash here keeps the item (row and file) until it is
// restored, as a delete from another device does; nothing touches the network. `library strays` sorts the files a
// crash left in the folder with no item.
import type { LibraryItem } from '../../../shared/studio/records';
import type { CliContext } from '../cli-context';
import { EXIT, cliError } from '../cli-errors';
import { formatItems } from '../formatting';
import { byteSize } from '../../../shared/studio/byte-size';

const noSuchItem = (id: string) =>
  cliError(EXIT.refused, 'not_found_error', `No library item ${id}.`, {
    code: 'item_not_found',
    param: 'id',
  });

function print(ctx: CliContext, item: LibraryItem, what: string): void {
  ctx.out.result(item, () => `${what}\n${formatItems([item])}`);
}

export function libraryTagCommand(
  ctx: CliContext,
  id: string,
  edit: { add: string[]; remove: string[] },
): void {
  const library = ctx.library();
  if (!library.get(id)) throw noSuchItem(id);
  library.bulk.editTags({ ids: [id] }, edit);
  const item = library.get(id);
  if (!item) throw noSuchItem(id);
  print(ctx, item, `Tags: ${item.tags.length ? item.tags.join(', ') : '(none)'}`);
}

export function libraryFavouriteCommand(ctx: CliContext, id: string, on: boolean): void {
  const item = ctx.library().update(id, { favourite: on });
  if (!item) throw noSuchItem(id);
  print(ctx, item, on ? 'Marked as a favourite.' : 'No longer a favourite.');
}

export async function libraryTrashCommand(ctx: CliContext, id: string): Promise<void> {
  const library = ctx.library();
  const item = library.get(id);
  if (!item || !(await library.replica.trash(id))) throw noSuchItem(id);
  print(ctx, item, `Moved to the trash (library restore ${id} brings it back).`);
}

export async function libraryRestoreCommand(ctx: CliContext, id: string): Promise<void> {
  const library = ctx.library();
  if (!library.replica.isTrashed(id)) {
    if (library.get(id))
      throw cliError(EXIT.invalid, 'invalid_argument', `Item ${id} is not in the trash.`, {
        code: 'not_in_trash',
        param: 'id',
      });
    throw noSuchItem(id);
  }
  const item = await library.replica.restore(id);
  if (!item) throw noSuchItem(id);
  print(ctx, item, 'Restored from the trash.');
}

/**
 * `library strays [--reindex | --trash]`: the files in the library's day folders no item indexes (a crash while
 * saving or deleting left them). Without an option it only lists them; --reindex files again those that carry
 * their settings (a copy of bytes already filed goes to the trash), --trash moves them all to the trash.
 */
export async function libraryStraysCommand(
  ctx: CliContext,
  options: { reindex?: boolean; trash?: boolean },
): Promise<void> {
  if (options.reindex && options.trash) {
    throw cliError(EXIT.invalid, 'invalid_argument', 'Pass --reindex or --trash, not both.', {
      code: 'conflicting_options',
    });
  }
  const { strays } = ctx.library();
  const report = await strays.find();
  const paths = report.files.map((f) => f.path);
  const listed = report.files.map(
    (f) => `  ${f.path} (${byteSize(f.size)})${f.refileable ? ', carries its settings' : ''}`,
  );
  if (options.trash) {
    const trashed = await strays.trash(paths);
    ctx.out.result({ ...report, trashed }, () => `Moved ${trashed} stray file(s) to the trash.`);
    return;
  }
  if (options.reindex) {
    const outcome = await strays.reindex(paths);
    ctx.out.result({ ...report, ...outcome }, () =>
      [
        `Added back ${outcome.filed}; ${outcome.duplicates} copies of files already in the library moved to the trash;`,
        `${outcome.kept} left where they are (they carry no settings: library strays --trash moves them).`,
      ].join(' '),
    );
    return;
  }
  ctx.out.result(report, () =>
    report.files.length === 0
      ? 'No stray files: every file in the library folder is in the library.'
      : [
          `${report.files.length} file(s) in the library folder are not in the library (${byteSize(report.bytes)}):`,
          ...listed,
          'library strays --reindex adds back those that carry their settings; --trash moves them all to the trash.',
        ].join('\n'),
  );
}
