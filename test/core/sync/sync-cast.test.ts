// The cast travels with the library as presets do: each member one value under its id, the later edit winning
// whole, a delete going everywhere, its pictures as stored references by hash (the same on every device) or web
// links. Two devices that each made a "Mia" agree which keeps the name. A member someone wrote to the remote by
// hand (a path for a picture, an id made to climb folders, a name of 300 000 characters) is set aside with a
// reason and never written. Through the plain-folder remote, plain and encrypted.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CastStore } from '../../../electron/core/storyboard';
import type { CastMemberDraft } from '../../../shared/studio/cast';
import { useTempDir } from '../../support/studio-db';
import { hostileWriter, stamp } from './hostile-remote';
import { openDevice, type Device } from './sync-devices';

const folder = useTempDir('sync-cast-');
const opened: Device[] = [];
afterEach(async () => {
  for (const device of opened.splice(0)) await device.close();
});

const PASSPHRASE = { passphrase: 'correct horse battery staple' };

async function remoteOf(encrypted: boolean) {
  const path = join(folder.dir, 'remote');
  await mkdir(path, { recursive: true });
  return {
    remote: { kind: 'folder' as const, path },
    ...(encrypted ? { encrypted: true, secrets: PASSPHRASE } : {}),
  };
}

async function device(name: string, encrypted: boolean): Promise<Device> {
  const opened_ = openDevice(folder.dir, name, await remoteOf(encrypted));
  opened.push(opened_);
  return opened_;
}

const castOf = (d: Device) => new CastStore({ db: d.db });
const shown = (d: Device) => castOf(d).list();

async function converge(a: Device, b: Device): Promise<void> {
  await a.sync.runRound();
  await b.sync.runRound();
  await a.sync.runRound();
}

const PICTURE = `studio-ref:${'ab'.repeat(32)}`;
const mia: CastMemberDraft = {
  name: 'Mia',
  kind: 'character',
  references: [PICTURE, 'https://example.com/mia-side.png'],
  voice: 'nova',
};

describe.each([false, true])('the cast through a folder (encrypted: %s)', (encrypted) => {
  it('reaches a second device; edits on both merge member by member, a delete goes everywhere', async () => {
    const a = await device('a', encrypted);
    const b = await device('b', encrypted);
    const saved = castOf(a).save(mia);
    const lamp = castOf(a).save({ name: 'Lamp', kind: 'product', references: [] });
    await converge(a, b);
    expect(shown(b)).toEqual(shown(a));
    expect(castOf(b).get(saved.id)?.references).toEqual(mia.references);

    // Each edits while the other is away: a new voice here, a new member and a deleted one there.
    castOf(a).save({ ...mia, voice: 'alloy' }, saved.id);
    castOf(b).save({ name: 'Harbour', kind: 'place', references: ['https://example.com/harbour.jpg'] });
    castOf(b).remove(lamp.id);
    await converge(a, b);
    expect(shown(b)).toEqual(shown(a));
    expect(shown(a).map((m) => [m.name, m.voice])).toEqual([
      ['Harbour', undefined],
      ['Mia', 'alloy'],
    ]);

    // The same member edited on both: the later edit wins whole, on both.
    castOf(a).save({ ...mia, description: 'from a' }, saved.id);
    castOf(b).save({ ...mia, description: 'from b' }, saved.id);
    await a.sync.runRound();
    await b.sync.runRound();
    await a.sync.runRound();
    expect(castOf(a).get(saved.id)?.description).toBe('from b');
    expect(castOf(b).get(saved.id)?.description).toBe('from b');

    // A fresh device restores the whole cast.
    const fresh = await device('fresh', encrypted);
    await fresh.sync.restore();
    expect(shown(fresh)).toEqual(shown(a));
  });

  it('two devices that each made a "Mia" agree: the smaller id keeps the name, the other is Mia-2', async () => {
    const a = await device('a', encrypted);
    const b = await device('b', encrypted);
    const onA = castOf(a).save(mia);
    const onB = castOf(b).save({ ...mia, voice: 'echo' });
    await converge(a, b);
    await b.sync.runRound();
    const [first, second] = [onA, onB].sort((x, y) => (x.id < y.id ? -1 : 1));
    const names = (d: Device) => shown(d).map((m) => [m.id, m.name]);
    expect(names(a)).toEqual([
      [first?.id, 'Mia'],
      [second?.id, 'Mia-2'],
    ]);
    expect(names(b)).toEqual(names(a));
    // The renamed member's picture and voice came along; @Mia finds exactly one member.
    expect(castOf(a).get(onB.id)?.voice).toBe('echo');
    expect(shown(a).filter((m) => m.name.toLowerCase() === 'mia')).toHaveLength(1);
  });

  it('sets aside hostile members with a reason and writes none of them', async () => {
    const setup = await remoteOf(encrypted);
    const maker = await device('maker', encrypted);
    const kept = castOf(maker).save(mia);
    await maker.sync.runRound();
    const intruder = await hostileWriter(setup.remote, setup.secrets ?? {});
    const body = (draft: Record<string, unknown>) =>
      JSON.stringify({ kind: 'character', references: [], ...draft });
    const member = (id: string, name: string, draft: Record<string, unknown> = {}) => ({
      op: 'doc',
      kind: 'cast',
      id,
      hlc: stamp(),
      value: { name, body: body({ name, ...draft }), updatedAt: 1 },
    });
    await intruder.segment({
      seq: 1,
      ops: [
        // Pictures that are paths on someone's disk, not references or links.
        member(randomUUID(), 'Path', { references: ['/etc/passwd'] }),
        member(randomUUID(), 'FileUrl', { references: ['file:///etc/passwd'] }),
        member(randomUUID(), 'Climb', { references: ['../../../library/secret.png'] }),
        // An id made to climb folders, and one far too long.
        member('../../studio.db', 'Key'),
        member('x'.repeat(5_000), 'LongKey'),
        // A name of 300 000 characters; a name that differs from its body's; more than 7 pictures.
        member(randomUUID(), 'n'.repeat(300_000)),
        {
          ...member(randomUUID(), 'Alias'),
          value: { name: 'Alias', body: body({ name: 'Other' }), updatedAt: 1 },
        },
        member(randomUUID(), 'Crowd', {
          references: Array.from({ length: 8 }, (_, i) => `https://e.x/${i}`),
        }),
        // A field no build writes, and a body that is not JSON.
        member(randomUUID(), 'Extra', { extra: 1 }),
        { ...member(randomUUID(), 'Broken'), value: { name: 'Broken', body: '{', updatedAt: 1 } },
        // And one a device could have sent: it arrives.
        member(randomUUID(), 'Fox', { references: [PICTURE] }),
      ],
    });
    await intruder.head({ segments: 1 });
    const victim = await device('victim', encrypted);
    const report = await victim.sync.runRound();
    expect(report.unread.filter((p) => p.what === 'change')).toHaveLength(10);
    expect(shown(victim).map((m) => m.name)).toEqual(['Fox', 'Mia']);
    expect(castOf(victim).get(kept.id)?.references).toEqual(mia.references);
    // The maker, reading the same log, keeps its cast as it was plus the one member that parses.
    await maker.sync.runRound();
    expect(shown(maker).map((m) => m.name)).toEqual(['Fox', 'Mia']);
  });
});
