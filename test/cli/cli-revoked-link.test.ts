// A result link revoked before its expires_at, as signed CDN links are (clocks drift, keys rotate, a signature
// shorter than the promise): the file host answers 403 with S3's AccessDenied. The CLI asks the gateway for the
// task again, gets a freshly signed link and saves the file, instead of ending in download_failed. A gateway
// that keeps handing out the same refused link ends in a sentence that says so.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliEnv, inTempDir, startImageTaskGateway } from './cli-harness';

const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';

let gateway: Awaited<ReturnType<typeof startImageTaskGateway>>;
/** Each status poll signs the link anew (sig=1, 2, …); links signed before `goodFrom` are refused. */
let polls = 0;
let goodFrom = 2;
const fileRequests: string[] = [];

beforeAll(async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c63' } })
    .png()
    .toBuffer();
  gateway = await startImageTaskGateway({
    taskId: 'revoked-1',
    link: (base) => `${base}/files/revoked-1.png?sig=${++polls}`,
    serveFile: (url, res) => {
      fileRequests.push(url.search);
      if (Number(url.searchParams.get('sig')) < goodFrom) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(ACCESS_DENIED);
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      res.end(png);
    },
  });
});
afterAll(() => gateway.close());

describe('a result link revoked before it expires', () => {
  it('is renewed by asking the gateway for the task again, and the file is saved', async () => {
    await inTempDir(async (dir) => {
      polls = 0;
      goodFrom = 2;
      const run = await cli(
        ['--json', 'generate', 'image_model_id_i3', '--prompt', 'a link signed too short'],
        cliEnv(dir, gateway.url, 'sk-revoked-0123456789'),
        dir,
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const doc = run.json() as { items: { path: string }[] };
      expect(doc.items).toHaveLength(1);
      // The refused link once, then the freshly signed one.
      expect(fileRequests.slice(-2)).toEqual(['?sig=1', '?sig=2']);
      expect(polls).toBeGreaterThanOrEqual(2);
    });
  }, 60_000);

  it('a gateway that keeps handing out refused links ends in a sentence saying so, not a bare HTTP 403', async () => {
    await inTempDir(async (dir) => {
      polls = 0;
      goodFrom = Number.MAX_SAFE_INTEGER;
      const run = await cli(
        ['--json', 'generate', 'image_model_id_i3', '--prompt', 'a host that refuses every link'],
        cliEnv(dir, gateway.url, 'sk-revoked-0123456789'),
        dir,
      );
      expect(run.code, run.stdout).toBe(3);
      const doc = run.json() as { error: { type: string; message: string } };
      expect(doc.error.type).toBe('download_failed');
      expect(doc.error.message).toContain(
        'the file host refused the link (HTTP 403) and the 5 fresh ones the gateway gave after it',
      );
    });
  }, 60_000);
});
