// The models a gateway lists at run time (seen in public clients), kept per gateway in one small JSON file in the data folder,
// so the forms offer them offline and after a restart. Fetched again when older than an hour (or when asked);
// a gateway that lists none (404/405), an unreachable one or a broken answer leaves the last good list in place.
// A listed model of no known family whose listing gave no usable schema has its own page asked for it
// (GET /v1/models/{id}, model-schema.ts), a few at a time; a page that cannot be had keeps the schema kept before.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { placeModels, type PlacedModel } from '../../../shared/catalog/discovered';
import type { ModelConfig } from '../../../shared/catalog/types';
import type { DiscoveredModel } from '../../../shared/gateway/model-list';
import type { ModelSchema } from '../../../shared/gateway/model-schema';
import { isGatewayError } from '../../../shared/gateway/gateway-error';
import { placedModelSchema } from '../../../shared/bridge/model-schemas';
import type { Clock } from '../clock';
import type { CallOptions } from '../gateway/gateway-port';

const MAX_AGE_MS = 60 * 60_000;

export interface ModelLister {
  readonly baseUrl?: string;
  listModels?(options?: CallOptions): Promise<DiscoveredModel[]>;
  modelSchema?(id: string, options?: CallOptions): Promise<ModelSchema>;
}

/** Model pages asked for at one refresh: a listing of hundreds of unknown models costs at most this many calls. */
const MAX_SCHEMA_FETCHES = 16;

export interface DiscoveredList {
  models: PlacedModel[];
  /** When the list was fetched (ms), null when there is none. */
  fetchedAt: number | null;
  /** 'gateway': fetched now; 'cache': the kept list (offline, or fresh enough); 'none': no list at all. */
  source: 'gateway' | 'cache' | 'none';
}

// The cache keeps models as the bridge describes them, before they are placed against the catalog.
const modelSchema = placedModelSchema.pick({
  id: true,
  endpoint: true,
  fields: true,
  schemaProblem: true,
  skipped: true,
});
const cacheSchema = z.record(z.string(), z.object({ fetchedAt: z.number(), models: z.array(modelSchema) }));
type Cache = z.infer<typeof cacheSchema>;

export class DiscoveredModels {
  #fetching: Promise<DiscoveredList> | null = null;

  constructor(
    private readonly file: string,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  async get(gateway: ModelLister, models: ModelConfig, { refresh = false } = {}): Promise<DiscoveredList> {
    const key = gateway.baseUrl ?? '';
    const cache = await this.#read();
    const kept = cache[key];
    const fresh = kept && this.clock.now() - kept.fetchedAt < MAX_AGE_MS;
    if ((fresh && !refresh) || !gateway.listModels) return this.#view(kept, models, 'cache');
    this.#fetching ??= this.#fetch(gateway, key, cache, models).finally(() => (this.#fetching = null));
    return this.#fetching;
  }

  async #fetch(
    gateway: ModelLister,
    key: string,
    cache: Cache,
    models: ModelConfig,
  ): Promise<DiscoveredList> {
    let listed: DiscoveredModel[];
    try {
      listed = (await gateway.listModels?.({ maxAttempts: 1 })) ?? []; // the next look asks again
    } catch (thrown) {
      const status = isGatewayError(thrown) ? thrown.info.httpStatus : null;
      // Not listed at all: nothing to keep; offline or broken: the last good list.
      if (status === 404 || status === 405) listed = [];
      else return this.#view(cache[key], models, 'cache');
    }
    const withSchemas = await this.#withSchemas(gateway, listed, cache[key]?.models ?? [], models);
    const entry = { fetchedAt: this.clock.now(), models: withSchemas };
    await this.#write({ ...cache, [key]: entry });
    return this.#view(entry, models, 'gateway');
  }

  /** Each unknown model without a usable listed schema, completed from its own page (or the one kept before). */
  async #withSchemas(
    gateway: ModelLister,
    listed: DiscoveredModel[],
    kept: readonly DiscoveredModel[],
    models: ModelConfig,
  ): Promise<DiscoveredModel[]> {
    const unknown = new Set(
      placeModels(listed, models)
        .filter((m) => m.family === null && m.isNew && m.fields === null)
        .map((m) => m.id)
        .slice(0, MAX_SCHEMA_FETCHES),
    );
    const out: DiscoveredModel[] = [];
    for (const model of listed) {
      if (!unknown.has(model.id)) {
        out.push(model);
        continue;
      }
      const before = kept.find((k) => k.id === model.id && k.fields !== null);
      try {
        const page = await gateway.modelSchema?.(model.id, { maxAttempts: 1 });
        if (!page) {
          out.push(before ?? model);
          continue;
        }
        out.push({
          ...model,
          endpoint: model.endpoint ?? page.endpoint,
          fields: page.fields,
          schemaProblem: page.schemaProblem,
          ...(page.skipped ? { skipped: page.skipped } : {}),
        });
      } catch (thrown) {
        // No page at all (404/405): the listing's own word. None now (offline, broken): the one kept before.
        const status = isGatewayError(thrown) ? thrown.info.httpStatus : null;
        const gone = status === 404 || status === 405;
        out.push(before && !gone ? { ...before, endpoint: model.endpoint ?? before.endpoint } : model);
      }
    }
    return out;
  }

  #view(entry: Cache[string] | undefined, models: ModelConfig, source: 'gateway' | 'cache'): DiscoveredList {
    if (!entry) return { models: [], fetchedAt: null, source: 'none' };
    return { models: placeModels(entry.models, models), fetchedAt: entry.fetchedAt, source };
  }

  async #read(): Promise<Cache> {
    const text = await readFile(this.file, 'utf8').catch(() => null);
    if (text === null) return {};
    try {
      const parsed = cacheSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  async #write(cache: Cache): Promise<void> {
    const temporary = `${this.file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(cache));
    await rename(temporary, this.file);
  }
}
