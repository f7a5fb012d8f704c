// links.revoke: result links revoked before their expires_at, as signed CDN links are. Every task object signs
// each file's link anew (?sig=n); the first `revoke` signatures are refused with S3's 403 AccessDenied while the
// task is still promised, and a later poll's link is honoured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: { revoke: 1 } });
});
afterAll(() => h.close());

const firstUrl = async (id: string): Promise<string> => {
  const { body } = await h.getJson<{ result: { images: { url: string[]; expires_at: number }[] } }>(
    `/v1/tasks/${id}`,
  );
  const url = body.result.images[0]?.url[0];
  if (!url) throw new Error('no result link');
  return url;
};

describe('links revoked before they expire', () => {
  it('refuses the first signature of a file with AccessDenied, and serves the freshly signed one', async () => {
    const id = await h.submit('/v1/images/generations', { model: 'image_model_id_i3', prompt: 'a gull' });
    h.clock.advance(HOUR / 4);
    const revoked = await firstUrl(id);
    const fresh = await firstUrl(id);
    expect(new URL(revoked).searchParams.get('sig')).toBe('1');
    expect(new URL(fresh).searchParams.get('sig')).toBe('2');

    const refused = await fetch(revoked);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toBe('application/xml');
    expect(await refused.text()).toContain('<Code>AccessDenied</Code><Message>Request has expired</Message>');
    // Unsigned, the link is no better than a revoked one.
    expect((await fetch(revoked.replace(/\?.*$/, ''))).status).toBe(403);

    const served = await fetch(fresh);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });
});
