// references.*: a dropped or pasted image goes up once, as a data URL, and comes back as a stored reference
// whose `studio-ref:<sha256>` the form puts in its field (shared/studio/references.ts defines both).
import { z } from 'zod';
import {
  base64DecodedLength,
  DATA_IMAGE_URL,
  MAX_REFERENCE_BYTES,
  referenceSizes,
} from '../studio/references';
import type { ReferenceImage } from '../studio/references';
import type { Assert, Equals } from './type-equals';
import { because } from '../validation';

export const referenceUploadSchema = z.strictObject({
  dataUrl: z.string().superRefine((value, ctx) => {
    // The size first, from the base64 length, so an oversized upload is refused with the sentence and its
    // size without a regex ever running over megabytes.
    const size = base64DecodedLength(value.slice(value.indexOf(',') + 1));
    if (size > MAX_REFERENCE_BYTES)
      ctx.addIssue({ code: 'custom', params: because('referenceTooLarge', referenceSizes(size)) });
    else if (!DATA_IMAGE_URL.test(value))
      ctx.addIssue({ code: 'custom', params: because('referenceDataUrl') });
  }),
});

export const referenceImageSchema = z.object({
  uri: z.string(),
  sha256: z.string(),
  mime: z.string(),
  size: z.number().int().min(0),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

export type _ReferenceChecks = [Assert<Equals<z.infer<typeof referenceImageSchema>, ReferenceImage>>];
