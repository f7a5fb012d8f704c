// Models a gateway lists at run time, against the simulator's
// GET /v1/models?expand=parameters switch: a newer id of a known family is placed in that family (and submits
// with the catalog's rules), a model of an unknown family keeps the fields of its own schema, missing or invalid
// schemas are said and not guessed at, and the list is cached so it is there offline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../../electron/core/gateway/gateway-client';
import { DiscoveredModels } from '../../../electron/core/models/discovered-models';
import { ManualClock } from '../../../electron/core/clock';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import {
  carrierFamilyOf,
  genericFields,
  genericModels,
  genericParams,
  genericSchema,
  JSON_PARAMETERS,
} from '../../../shared/catalog/generic-model';

let sim: RunningSimulator;
let dir: string;
let clock: ManualClock;
beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 26, 5, 0, 0));
  sim = await startSimulator({ clock, modelList: 'full' });
  dir = mkdtempSync(join(tmpdir(), 'studio-models-'));
});
afterEach(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = () =>
  new GatewayClient({ baseUrl: sim.url, apiKey: sim.keys.default, clock, retry: { maxAttempts: 1 } });
const list = () => new DiscoveredModels(join(dir, 'discovered-models.json'), clock);

describe('models discovered at run time', () => {
  it('places a new id in its known family and a model of an unknown family with its own fields', async () => {
    const found = await list().get(client(), {});
    expect(found.source).toBe('gateway');
    const byId = new Map(found.models.map((m) => [m.id, m]));
    expect(byId.get('image_model_id_i3')).toMatchObject({ family: 'image.i3', isNew: false });
    expect(byId.get('image_model_id_i3_2026')).toMatchObject({ family: 'image.i3', isNew: true });
    // The music model is the catalog's (four operations share it): not new, no one family.
    expect(byId.get('music_model_id')).toMatchObject({ family: null, isNew: false });
    expect(byId.get('image_model_id_x1')).toMatchObject({
      family: null,
      isNew: true,
      endpoint: '/v1/images/generations',
      schemaProblem: null,
      fields: [
        { name: 'prompt', type: 'string', required: true, description: 'What to draw.', maxLength: 2000 },
        {
          name: 'size',
          type: 'enum',
          required: false,
          values: ['1:1', '16:9', '9:16'],
          default: '1:1',
          description: 'Aspect ratio.',
        },
        {
          name: 'steps',
          type: 'integer',
          required: false,
          min: 1,
          max: 50,
          default: 20,
          description: 'Sampling steps.',
        },
      ],
    });
  });

  it('a new id of a known family submits under that family with the catalog rules', async () => {
    const ack = await client().submit('image.i3', {
      model: 'image_model_id_i3_2026',
      prompt: 'a fox',
      size: '16:9',
    });
    expect(ack.taskId).toBeTruthy();
    // The catalog's bounds still apply: I3's prompt limit of 800 characters.
    await expect(
      client().submit('image.i3', { model: 'image_model_id_i3_2026', prompt: 'x'.repeat(801) }),
    ).rejects.toMatchObject({ type: 'validation_error' });
  });

  it('a model of an unknown family runs from its generic form: its own bounds, its listed endpoint', async () => {
    const found = await list().get(client(), {});
    const generic = genericModels(found.models);
    // The known families' new ids and the catalog's own models have their forms: only the unknown one is generic.
    expect(generic.map((m) => m.id)).toEqual(['image_model_id_x1']);
    const model = generic[0];
    const carrier = carrierFamilyOf(model?.endpoint ?? null);
    if (!model || carrier === null) throw new Error('the unknown model has no generic form');
    expect(carrier).toBe('image.i1');
    expect(carrierFamilyOf(null)).toBeNull();
    const schema = genericSchema(genericFields(model), false);
    // The listing's bounds, and nothing it does not list.
    expect(schema.safeParse({ prompt: 'a kite', steps: 51 }).success).toBe(false);
    expect(schema.safeParse({ prompt: 'a kite', size: '4:3' }).success).toBe(false);
    expect(schema.safeParse({ prompt: 'a kite', seed: 4 }).success).toBe(false);
    expect(schema.safeParse({ prompt: ' ', steps: 5 }).success).toBe(false);
    const values = schema.parse({ prompt: 'a kite', size: '16:9', steps: 30 });
    const ack = await client().submit(carrier, { model: model.id, ...genericParams(values) });
    expect(ack.taskId).toBeTruthy();
    expect(sim.createdTasks().at(-1)).toMatchObject({
      model: 'image_model_id_x1',
      body: { prompt: 'a kite', size: '16:9', steps: 30 },
    });
  });

  it('without a usable schema the generic form takes its parameters as one JSON object', () => {
    const schema = genericSchema(genericFields({ fields: null }), true);
    const parse = (json: string) => schema.safeParse({ prompt: 'a kite', [JSON_PARAMETERS]: json });
    expect(parse('{"steps": 12,').success).toBe(false);
    expect(parse('[1, 2]').success).toBe(false);
    expect(parse('{"prompt": "again"}').success).toBe(false);
    const ok = parse('{"steps": 12}');
    expect(ok.success && genericParams(ok.data)).toEqual({ prompt: 'a kite', steps: 12 });
    const empty = parse('');
    expect(empty.success && genericParams(empty.data)).toEqual({ prompt: 'a kite' });
  });

  it('missing and invalid schemas are said, never guessed at', async () => {
    sim.modelList.set('missing-schemas');
    const missing = await list().get(client(), {}, { refresh: true });
    expect(missing.models.find((m) => m.id === 'image_model_id_x1')).toMatchObject({
      fields: null,
      schemaProblem: 'the listing gives no parameters',
    });
    sim.modelList.set('invalid-schemas');
    const invalid = await list().get(client(), {}, { refresh: true });
    expect(invalid.models.find((m) => m.id === 'image_model_id_x1')).toMatchObject({
      fields: null,
      schemaProblem: 'the parameters are not a JSON Schema object with properties',
    });
  });

  it('keeps the list: within the hour it is not asked again, and offline the kept list answers', async () => {
    const first = await list().get(client(), {});
    expect(first.models.length).toBeGreaterThan(3);
    sim.modelList.set('off');
    // A new process, within the hour: from the file, without asking.
    expect(await list().get(client(), {})).toMatchObject({ source: 'cache', models: first.models });
    // Later, the gateway unreachable: still the kept list.
    await clock.advance(2 * 3_600_000);
    await sim.close();
    const offline = await list().get(client(), {});
    expect(offline).toMatchObject({ source: 'cache', fetchedAt: first.fetchedAt });
    expect(offline.models).toEqual(first.models);
    sim = await startSimulator({ clock });
  });

  it('a gateway that lists no models (404) has an empty list', async () => {
    sim.modelList.set('off');
    expect(await list().get(client(), {})).toMatchObject({ source: 'gateway', models: [] });
  });
});
