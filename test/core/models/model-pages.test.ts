// A listed model this studio does not know, whose listing carries no schema, has its own page asked for it
// (GET /v1/models/{id}, the simulator's schema-endpoint switch): its form's fields come from that page's JSON
// Schema, a parameter no control offers falls back to the JSON field, the schema is kept for offline use, and a
// hostile page (too deep, too many fields, too large) is refused with a reason and never crashes anything.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../../electron/core/gateway/gateway-client';
import { DiscoveredModels } from '../../../electron/core/models/discovered-models';
import { ManualClock } from '../../../electron/core/clock';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { fieldsFromSchema, SCHEMA_LIMITS } from '../../../shared/gateway/model-list';
import { parseModelSchema } from '../../../shared/gateway/model-schema';
import { genericFields, genericModels } from '../../../shared/catalog/generic-model';

let sim: RunningSimulator;
let dir: string;
let clock: ManualClock;
beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 26, 5, 0, 0));
  sim = await startSimulator({ clock, modelList: 'schema-endpoint' });
  dir = mkdtempSync(join(tmpdir(), 'studio-model-pages-'));
});
afterEach(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = () =>
  new GatewayClient({ baseUrl: sim.url, apiKey: sim.keys.default, clock, retry: { maxAttempts: 1 } });
const list = () => new DiscoveredModels(join(dir, 'discovered-models.json'), clock);

describe('a listed model’s own page', () => {
  it('gives an unknown model its fields; an unknown field type falls back to the JSON field', async () => {
    const found = await list().get(client(), {});
    const x1 = found.models.find((m) => m.id === 'image_model_id_x1');
    expect(x1).toMatchObject({
      family: null,
      isNew: true,
      schemaProblem: null,
      skipped: ['negative_prompts'],
    });
    expect(x1?.fields?.map((f) => f.name)).toEqual(['prompt', 'size', 'steps', 'seed']);
    expect(x1?.fields?.find((f) => f.name === 'seed')).toMatchObject({ type: 'integer', min: 0 });
    expect(genericModels(found.models).map((m) => m.id)).toContain('image_model_id_x1');
    expect(genericFields(x1 ?? { fields: null }).map((f) => f.name)).toEqual([
      'prompt',
      'size',
      'steps',
      'seed',
    ]);
    // A model of a known family needs no page: the catalog's form is its form.
    expect(found.models.find((m) => m.id === 'image_model_id_i3_2026')).toMatchObject({ family: 'image.i3' });
  });

  it('keeps the page’s schema for offline use, and for a page that cannot be had now', async () => {
    await list().get(client(), {});
    sim.faults.set({ paths: ['/v1/models/image_model_id_x1'] });
    sim.faults.enqueue('reset', 'reset', 'reset', 'reset');
    const again = await list().get(client(), {}, { refresh: true });
    sim.faults.clear();
    expect(again.source).toBe('gateway');
    expect(again.models.find((m) => m.id === 'image_model_id_x1')?.fields?.map((f) => f.name)).toContain(
      'steps',
    );
    // Offline altogether: the kept list, schema and all.
    sim.faults.set({ paths: ['/v1/models'] });
    sim.faults.enqueue('reset', 'reset', 'reset', 'reset');
    const offline = await list().get(client(), {}, { refresh: true });
    sim.faults.clear();
    expect(offline.source).toBe('cache');
    expect(offline.models.find((m) => m.id === 'image_model_id_x1')?.fields?.map((f) => f.name)).toContain(
      'seed',
    );
  });

  it('without pages (another mode) the listing’s own word stands, even over a schema kept before', async () => {
    await list().get(client(), {});
    sim.modelList.set('missing-schemas');
    const found = await list().get(client(), {}, { refresh: true });
    expect(found.models.find((m) => m.id === 'image_model_id_x1')).toMatchObject({
      fields: null,
      schemaProblem: 'the listing gives no parameters',
    });
  });
});

describe('a hostile page is read with bounds', () => {
  const nested = (depth: number): unknown =>
    depth === 0 ? { type: 'string' } : { type: 'object', x: nested(depth - 1) };

  it('refuses a schema nested too deep, with too many entries or too many fields, saying why', () => {
    const deep = { type: 'object', properties: { a: nested(SCHEMA_LIMITS.depth + 5) } };
    expect(fieldsFromSchema(deep)).toEqual({
      problem: `the schema nests deeper than ${SCHEMA_LIMITS.depth} levels`,
    });
    const wide = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: SCHEMA_LIMITS.fields + 1 }, (_, i) => [`f${i}`, { type: 'string' }]),
      ),
    };
    expect(fieldsFromSchema(wide)).toEqual({
      problem: `the parameters list ${SCHEMA_LIMITS.fields + 1} fields (at most ${SCHEMA_LIMITS.fields})`,
    });
    const huge = {
      type: 'object',
      properties: { a: { type: 'string', enum: Array.from({ length: SCHEMA_LIMITS.nodes + 1 }, String) } },
    };
    expect(fieldsFromSchema(huge)).toEqual({
      problem: `the schema holds more than ${SCHEMA_LIMITS.nodes} entries`,
    });
  });

  it('reads input_schema, an OpenAPI Input and an envelope; refuses a page that is no object', () => {
    const schema = { type: 'object', properties: { prompt: { type: 'string' } } };
    for (const body of [
      { input_schema: schema },
      { data: { input_schema: schema } },
      { openapi_schema: { components: { schemas: { Input: schema } } } },
    ])
      expect(parseModelSchema(body, 200).fields?.map((f) => f.name)).toEqual(['prompt']);
    expect(parseModelSchema({ id: 'x' }, 200)).toMatchObject({ fields: null });
    expect(() => parseModelSchema('a page', 200)).toThrow(/model schema/);
  });

  it('refuses a page larger than its limit before parsing it', async () => {
    const big = new GatewayClient({
      baseUrl: sim.url,
      apiKey: sim.keys.default,
      clock,
      retry: { maxAttempts: 1 },
    });
    // The simulator's page is small; a 1-byte limit stands in for a page of megabytes.
    await expect(
      big['transport'].call(
        {
          method: 'GET',
          url: '/v1/models/image_model_id_x1',
          read: 'json',
          safe: true,
          options: undefined,
          maxBodyBytes: 1,
        },
        () => 'read',
      ),
    ).rejects.toMatchObject({ info: { type: 'invalid_response' } });
  });
});
