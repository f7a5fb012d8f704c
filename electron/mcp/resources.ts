// Resources an agent may read without a call: the library's items (each as its record and its thumbnail as an
// image), the presets and the recipes the person saved. An item is named by id only; its files are the
// library's own paths, read within the library folder (item-images.ts).
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { scrubSecretText } from '../../shared/gateway/secret-scrub';
import { thumbnailOf } from './item-images';
import { itemShape } from './result-shapes';
import type { McpStudio } from './studio-port';

/** The items listed as resources: the newest; search_library pages through the rest. */
const LISTED_ITEMS = 50;
/** A library id as the library writes them: anything else is not one of its items. */
const ITEM_ID = /^[A-Za-z0-9_-]{1,100}$/;

function json(
  uri: string,
  value: unknown,
  secrets: readonly string[],
): ReadResourceResult['contents'][number] {
  return {
    uri,
    mimeType: 'application/json',
    text: scrubSecretText(JSON.stringify(value, null, 2), secrets),
  };
}

export function installResources(server: McpServer, studio: McpStudio): void {
  server.registerResource(
    'library-item',
    new ResourceTemplate('studio://library/{id}', {
      list: () => ({
        resources: studio.library.query({ limit: LISTED_ITEMS }).items.map((item) => ({
          uri: `studio://library/${item.id}`,
          name: `${item.kind} ${item.id}`,
          description: item.prompt?.slice(0, 200) ?? undefined,
          mimeType: 'application/json',
        })),
      }),
    }),
    {
      title: 'Library item',
      description: "A library item's record, and its thumbnail as an image when it has one.",
    },
    async (uri, variables) => {
      const id = Array.isArray(variables.id) ? variables.id[0] : variables.id;
      const item = id && ITEM_ID.test(id) ? studio.library.get(id) : null;
      if (!item) throw new Error(`There is no library item ${String(id).slice(0, 100)}.`);
      const thumbnail = await thumbnailOf(studio.library, item);
      return {
        contents: [
          json(uri.href, itemShape(item), studio.secrets()),
          ...(thumbnail
            ? [{ uri: `${uri.href}/thumbnail`, mimeType: thumbnail.mimeType, blob: thumbnail.data }]
            : []),
        ],
      };
    },
  );
  server.registerResource(
    'presets',
    'studio://presets',
    {
      title: 'Presets',
      description: 'The presets the person saved (run one with run_preset).',
      mimeType: 'application/json',
    },
    (uri) => ({
      contents: [json(uri.href, { presets: studio.presets.presets() }, studio.secrets())],
    }),
  );
  server.registerResource(
    'recipes',
    'studio://recipes',
    {
      title: 'Recipes',
      description: 'The recipes the person saved (run one with run_recipe).',
      mimeType: 'application/json',
    },
    (uri) => ({
      contents: [json(uri.href, { recipes: studio.savedRecipes.list() }, studio.secrets())],
    }),
  );
}
