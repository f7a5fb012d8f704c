// The library as an agent may use it: search, one item (its path and thumbnail), and the two edits a person
// makes most (tags, favourite). Nothing here deletes or moves a file, and nothing is paid.
import { z } from 'zod';
import { libraryKindSchema, libraryTagsSchema } from '../../shared/studio/records';
import { itemShape } from './result-shapes';
import { thumbnailOf } from './item-images';
import { defineTool, ToolRefusal } from './tool-registry';
import type { StudioTool } from './tool-registry';

const itemId = z.string().min(1).max(100);

export const searchLibrary = defineTool({
  name: 'search_library',
  title: 'Search the library',
  description:
    'Finds library items by words of their prompt, kind, tags or favourite, newest first (at most 50 a page).',
  readOnly: true,
  input: z.strictObject({
    query: z.string().max(500).optional(),
    kind: libraryKindSchema.optional(),
    tags: libraryTagsSchema.max(20).optional(),
    favourite: z.boolean().optional(),
    limit: z.number().int().min(1).max(50).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional(),
  }),
  async run(input, call) {
    const page = call.studio.library.query({
      ...(input.query !== undefined && { search: input.query }),
      ...(input.kind !== undefined && { kind: input.kind }),
      ...(input.tags !== undefined && { tags: input.tags }),
      ...(input.favourite !== undefined && { favourite: input.favourite }),
      limit: input.limit ?? 20,
      offset: input.offset ?? 0,
    });
    return {
      text: `${page.total} item${page.total === 1 ? '' : 's'} found; ${page.items.length} here.`,
      data: { total: page.total, items: page.items.map(itemShape) },
    };
  },
});

export const getItem = defineTool({
  name: 'get_item',
  title: 'Get a library item',
  description:
    "One library item: its file's path, its settings, and its thumbnail as an image when it has one.",
  readOnly: true,
  input: z.strictObject({ id: itemId }),
  async run(input, call) {
    const item = call.studio.library.get(input.id);
    if (!item) throw new ToolRefusal(`There is no library item ${input.id}.`);
    const thumbnail = await thumbnailOf(call.studio.library, item);
    return {
      text: `${item.kind} ${item.id} at ${item.path}${thumbnail ? ' (thumbnail attached)' : ''}.`,
      data: { item: itemShape(item) },
      ...(thumbnail && { images: [thumbnail] }),
    };
  },
});

export const tagItem = defineTool({
  name: 'tag_item',
  title: 'Tag a library item',
  description: 'Adds and removes tags on a library item (at most 50 tags an item, 64 characters a tag).',
  input: z.strictObject({
    id: itemId,
    add: libraryTagsSchema.optional(),
    remove: libraryTagsSchema.optional(),
  }),
  async run(input, call) {
    const { library } = call.studio;
    const item = library.get(input.id);
    if (!item) throw new ToolRefusal(`There is no library item ${input.id}.`);
    const removed = new Set((input.remove ?? []).map((t) => t.toLowerCase()));
    const tags = [...item.tags.filter((t) => !removed.has(t.toLowerCase())), ...(input.add ?? [])];
    const parsed = libraryTagsSchema.safeParse(tags);
    if (!parsed.success)
      throw new ToolRefusal(`Not changed: an item carries at most 50 tags; this would be ${tags.length}.`);
    const updated = library.update(item.id, { tags: parsed.data });
    if (!updated) throw new ToolRefusal(`There is no library item ${input.id}.`);
    return {
      text: `Item ${updated.id} is tagged ${updated.tags.length ? updated.tags.join(', ') : '(no tags)'}.`,
      data: { item: itemShape(updated) },
    };
  },
});

export const favouriteItem = defineTool({
  name: 'favourite_item',
  title: 'Favourite a library item',
  description: 'Marks a library item as a favourite, or takes the mark off (favourite: false).',
  input: z.strictObject({ id: itemId, favourite: z.boolean() }),
  async run(input, call) {
    const updated = call.studio.library.update(input.id, { favourite: input.favourite });
    if (!updated) throw new ToolRefusal(`There is no library item ${input.id}.`);
    return {
      text: `Item ${updated.id} is ${updated.favourite ? 'a favourite' : 'no longer a favourite'}.`,
      data: { item: itemShape(updated) },
    };
  },
});

export const libraryTools: readonly StudioTool[] = [searchLibrary, getItem, tagItem, favouriteItem];
