// `library [--search Q] [--kind K] [--limit N]`: the local library, newest first. No network.
import type { LibraryKind, LibraryQuery } from '../../../shared/studio/records';
import type { CliContext } from '../cli-context';
import { formatItems } from '../formatting';

export interface LibraryArgs {
  search?: string;
  kind?: LibraryKind;
  limit: number;
  offset: number;
  favourites?: boolean;
  sort: NonNullable<LibraryQuery['sort']>;
}

export function libraryCommand(ctx: CliContext, args: LibraryArgs): void {
  const page = ctx.library().query({
    ...(args.search !== undefined && { search: args.search }),
    ...(args.kind !== undefined && { kind: args.kind }),
    ...(args.favourites && { favourite: true }),
    limit: args.limit,
    offset: args.offset,
    sort: args.sort,
  });
  ctx.out.result({ items: page.items, total: page.total }, () =>
    page.items.length === 0
      ? 'The library has nothing that matches.'
      : `${formatItems(page.items)}\n${args.offset + 1}-${args.offset + page.items.length} of ${page.total}`,
  );
}
