// The picture an edit-capable image family was sent (its first image_urls entry), when the demo gateway can read
// it: a data URL, or a link to a file it serves itself (an upload). The answer is then made from it
// (media/edit-result.ts) at its size; a link elsewhere is never fetched (the demo reaches no other host).
import { pngSize } from '../media/png-decode';
import type { SubmissionPlan } from '../validation/plan';
import type { RouteContext } from './context';

/** The families the spec says take pictures to edit ([EP-IMAGE-1], -2, -5, -6). */
const EDITING = new Set(['i1', 'i2', 'i5', 'i6']);
/** A data URL's base64 is at most this long (a 2048-pixel PNG is far under it). */
const MAX_BASE64 = 64 * 1024 * 1024;

function sentBytes(ctx: RouteContext, ref: string): Buffer | null {
  const data = /^data:image\/png;base64,/i.exec(ref);
  if (data)
    return ref.length - data[0].length > MAX_BASE64 ? null : Buffer.from(ref.slice(data[0].length), 'base64');
  const base = ctx.state.linkView().base;
  if (!ref.startsWith(`${base}/files/`)) return null;
  const id = ref.slice(base.length + '/files/'.length).split('/')[0] ?? '';
  const file = ctx.state.files.get(decodeURIComponent(id));
  return file ? ctx.state.files.bytes(file) : null;
}

/** The plan with its pictures made from the sent one, when the family edits and the picture is a PNG it reads. */
export function withSentPicture(
  ctx: RouteContext,
  family: string,
  body: Record<string, unknown>,
  plan: SubmissionPlan,
): SubmissionPlan {
  const refs = body.image_urls;
  const first = Array.isArray(refs) && typeof refs[0] === 'string' ? refs[0] : null;
  if (!EDITING.has(family) || !first || plan.output.kind !== 'images') return plan;
  const bytes = sentBytes(ctx, first);
  const size = bytes ? pngSize(bytes) : null;
  if (!bytes || !size) return plan;
  const sent = bytes.toString('base64');
  return {
    ...plan,
    output: { kind: 'images', images: plan.output.images.map(() => ({ ...size, sent })) },
  };
}
