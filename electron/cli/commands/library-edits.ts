// `library tag ID --add T --remove T`, `library favourite ID [--off]`, `library trash ID`, `library restore ID`:
// the library edits sync carries, one item at a time. The trash here keeps the item (row and file) until it is
// restored, as a delete from another device does; nothing touches the network.
import type { LibraryItem } from '../../../shared/studio/records';
import type { CliContext } from '../cli-context';
import { EXIT, cliError } from '../cli-errors';
import { formatItems } from '../formatting';

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
