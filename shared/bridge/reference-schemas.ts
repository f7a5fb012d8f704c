// references.*: a dropped or pasted image goes up once, as a data URL, and comes back as a stored reference
// whose `studio-ref:<sha256>` the form puts in its field (shared/studio/references.ts defines both, the record as
// a zod schema whose type is inferred).
import { z } from 'zod';
import {
  base64DecodedLength,
  DATA_IMAGE_URL,
  MAX_REFERENCE_BYTES,
  referenceSizes,
} from '../studio/references';
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

export { referenceImageSchema } from '../studio/references';
