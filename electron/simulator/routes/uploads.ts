// POST /v1/uploads/images: not in the spec, but what the real gateway's public clients use for reference pictures
// (seen in public clients): multipart with the image in field `file`, answered {url, filename, content_type, size, expires_at};
// the URL lives about 72 h. Behind a switch (off: the route does not exist, 404 like any unknown path).
import { invalidRequest, notFound } from '../errors';
import { jsonReply, readBody, type Reply } from '../http-util';
import { FileStore } from '../files';
import { caller, type RouteContext } from './context';

export interface UploadOptions {
  offered: boolean;
  /** The answered URL does not serve the file (404): a client that checks before submitting notices. */
  brokenLinks: boolean;
}

/** How long an uploaded image stays reachable, as public clients report it. */
export const UPLOAD_LIFETIME_MS = 72 * 3_600_000;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

export async function uploadImage(ctx: RouteContext): Promise<Reply> {
  ctx.state.uploadRequests++;
  if (!ctx.state.uploads.offered) {
    ctx.req.resume();
    throw notFound(`No route for POST ${ctx.url.pathname}.`);
  }
  caller(ctx);
  const type = ctx.req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) throw invalidRequest('Send the image as multipart/form-data.');
  const raw = await readBody(ctx.req);
  // The platform's own multipart reader (undici's), not one written here.
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } })
    .formData()
    .catch(() => null);
  const file = form?.get('file');
  if (!file || typeof file === 'string')
    throw invalidRequest('The multipart field "file" with an image is required.');
  const bytes = Buffer.from(await file.arrayBuffer());
  const mime = file.type.toLowerCase();
  if (!IMAGE_TYPES.has(mime) || bytes.length === 0)
    throw invalidRequest(`Not an image upload: ${mime || 'no type'}.`);
  const now = ctx.state.now();
  const expiresAtMs = now + ctx.state.scaled(UPLOAD_LIFETIME_MS);
  const name = `upload.${mime.slice('image/'.length).replace('jpeg', 'jpg')}`;
  const stored = ctx.state.files.add({
    name,
    contentType: mime,
    availableFromMs: ctx.state.uploads.brokenLinks ? expiresAtMs : now,
    expiresAtMs,
    source: { kind: 'bytes', base64: bytes.toString('base64') },
  });
  ctx.state.changed();
  return jsonReply(200, {
    url: `${ctx.state.linkView().base}${FileStore.path(stored)}`,
    filename: file.name || name,
    content_type: mime,
    size: bytes.length,
    expires_at: Math.floor(expiresAtMs / 1000),
  });
}
