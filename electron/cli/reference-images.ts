// `--ref FILE_OR_URL`: URLs pass as they are; local files become data URLs, but only for a family that takes
// reference images and a field that accepts data URLs. A family without image input ([EP-IMAGE-4] I4) is
// refused here, before anything is sent. The engine stores each file once in the reference store and the task
// keeps `studio-ref:<sha256>` (shared/studio/references.ts), so the data URL lives only until submission.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { getFamily, referenceImageFields } from '../../shared/catalog';
import type { FamilyId, FieldSpec } from '../../shared/catalog';
import { MAX_REFERENCE_BYTES, referenceTooLarge } from '../../shared/studio/references';
import { sniffMedia } from '../core/downloads/media-sniff';
import { invalidArgument } from './cli-errors';

/** The list field --ref fills: the family's first reference-image field that takes a list. */
export function referenceField(family: FamilyId): FieldSpec {
  const spec = getFamily(family);
  if (spec.textOnly) {
    throw invalidArgument(
      `${spec.label} is text-to-image only: reference images are refused.`,
      'ref',
      'image_input_refused',
    );
  }
  const field = referenceImageFields(family).find((f) => f.type === 'urls');
  if (!field) throw invalidArgument(`${spec.label} takes no reference images.`, 'ref', 'image_input_refused');
  return field;
}

export async function referenceValues(
  family: FamilyId,
  refs: readonly string[],
  cwd: string,
): Promise<{ field: string; values: string[] }> {
  const field = referenceField(family);
  const values: string[] = [];
  for (const ref of refs) {
    if (/^https?:\/\//i.test(ref)) {
      values.push(ref);
      continue;
    }
    if (!field.media?.dataUrls) {
      throw invalidArgument(
        `${getFamily(family).label} takes reference images by http(s) URL only; ${ref} is a local file.`,
        'ref',
      );
    }
    values.push(await fileToDataUrl(resolve(cwd, ref)));
  }
  return { field: field.name, values };
}

async function fileToDataUrl(path: string): Promise<string> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    throw invalidArgument(`--ref ${path}: no such file.`, 'ref');
  }
  if (size > MAX_REFERENCE_BYTES) throw invalidArgument(`--ref ${path}: ${referenceTooLarge(size)}`, 'ref');
  const bytes = await readFile(path);
  const type = sniffMedia(bytes.subarray(0, 16));
  if (type?.kind !== 'image')
    throw invalidArgument(`--ref ${path}: not an image this tool recognises.`, 'ref');
  return `data:${type.mime};base64,${bytes.toString('base64')}`;
}
