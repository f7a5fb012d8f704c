// Reference pictures for families that take URLs (seen in public clients): the spec documents data URLs
// only for I2, while the gateway's public clients upload first (POST /v1/uploads/images) and pass the URL. Here:
// - the upload is used where the gateway offers it, detected once per gateway and run: a 404 or 405 means it
//   does not, remembered, and every later send goes inline without asking again;
// - otherwise, or when an upload fails in any way, the picture goes as a data URL, and the task says which;
//   a family that takes picture links only (V2, I6) is not sent at all then, with a sentence saying why;
// - an upload has no idempotency, so a failure that may have reached the gateway is never tried again by itself
//   (the client does not retry it; this send falls back to the data URL);
// - the URL an upload answers is checked (it must serve the picture) before anything is submitted with it;
// - an uploaded URL is reused until it nears its life (the answer's expires_at, else 72 h), then uploaded again.
// I2 keeps data URLs: its resends under one Idempotency-Key must repeat the body byte for byte.
import type { DatabaseSync } from 'node:sqlite';
import axios from 'axios';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { FAMILIES, referenceImageFields } from '../../../shared/catalog/families';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import { validationError } from '../../../shared/gateway/error-map';
import { GatewayError, isGatewayError } from '../../../shared/gateway/gateway-error';
import { UPLOAD_LIFETIME_MS, type UploadedImage } from '../../../shared/gateway/upload';
import { collectStrings, REFERENCE_SCHEME, replaceStrings } from '../../../shared/studio/references';
import type { ReferencesSentAs } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import type { GatewayPort } from '../gateway/gateway-port';
import type { ReferenceStore, StoredReference } from './reference-store';

/** A stored URL this close to its end is uploaded again rather than sent to die mid-task. */
const RENEW_MARGIN_MS = 60 * 60_000;
const CHECK_TIMEOUT_MS = 15_000;

type Inline = { reason: NonNullable<ReferencesSentAs['reason']>; detail?: string | null };

export interface PreparedBody {
  params: Record<string, unknown>;
  /** How the pictures went, with why when inline; null when the body has none. */
  sentAs: ReferencesSentAs | null;
}

/** Families whose reference pictures may go as uploaded URLs: every one that takes them but I2 (above). */
export function takesUploadedUrls(family: FamilyId): boolean {
  return family !== 'image.i2' && FAMILIES[family].fields.some((f) => f.media?.media === 'image');
}

/** Whether every picture field of the family also takes data URLs, the way a picture goes without an upload. */
function takesDataUrls(family: FamilyId): boolean {
  return referenceImageFields(family).every((f) => f.media?.dataUrls);
}

function notUploaded(family: FamilyId, reason: Inline['reason'], detail: string | null): GatewayErrorInfo {
  const why = {
    family: 'this gateway connection cannot upload pictures',
    not_offered: 'this gateway offers no picture upload',
    upload_failed: `the upload failed${detail ? ` (${detail})` : ''}`,
    link_dead: 'the gateway answered the upload with a link that does not serve the picture',
  }[reason];
  const field = referenceImageFields(family)[0]?.name ?? null;
  return validationError(
    `${FAMILIES[family].label} takes pictures as links, and ${why}: nothing was sent. Add the picture by its https link instead.`,
    field,
  );
}

export class ReferenceUploads {
  /** Per gateway, whether it offers uploads (false after a 404/405); unknown until the first try. */
  readonly #offered = new Map<string, boolean>();

  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly gateway: GatewayPort,
    private readonly references: ReferenceStore,
  ) {}

  /** The body as it leaves: references as uploaded URLs where that works, else as data URLs. */
  async prepare(
    family: FamilyId,
    params: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<PreparedBody> {
    const found = [...new Set(collectStrings(params, (s) => s.startsWith(REFERENCE_SCHEME)))];
    if (found.length === 0) return { params, sentAs: null };
    const gatewayKey = this.gateway.baseUrl ?? '';
    const inline = async ({ reason, detail = null }: Inline): Promise<PreparedBody> => {
      // V2 and I6 take picture links only: a data URL would be refused, so nothing is sent and the user is told.
      if (!takesDataUrls(family)) throw new GatewayError(notUploaded(family, reason, detail));
      return {
        params: await this.references.expand(params),
        sentAs: { how: 'data_url', reason, detail },
      };
    };
    if (!takesUploadedUrls(family) || !this.gateway.uploadImage) return inline({ reason: 'family' });
    if (this.#offered.get(gatewayKey) === false) return inline({ reason: 'not_offered' });
    const replacements = new Map<string, string>();
    for (const uri of found) {
      const { stored, bytes } = await this.references.read(uri);
      const url =
        this.#fresh(gatewayKey, stored.sha256) ?? (await this.#upload(gatewayKey, stored, bytes, signal));
      if (typeof url !== 'string') return inline(url);
      replacements.set(uri, url);
    }
    return {
      params: replaceStrings(params, replacements),
      sentAs: { how: 'upload', reason: null, detail: null },
    };
  }

  /** A stored upload of this picture on this gateway that still has life in it. */
  #fresh(gatewayKey: string, sha256: string): string | null {
    const row = this.db
      .prepare('SELECT url, expires_at FROM reference_uploads WHERE gateway = ? AND sha256 = ?')
      .get(gatewayKey, sha256) as { url: string; expires_at: number } | undefined;
    return row && row.expires_at - RENEW_MARGIN_MS > this.clock.now() ? row.url : null;
  }

  async #upload(
    gatewayKey: string,
    stored: StoredReference,
    bytes: Buffer,
    signal: AbortSignal | undefined,
  ): Promise<string | Inline> {
    let answer: UploadedImage;
    try {
      const name = `reference.${stored.mime.split('/')[1] ?? 'png'}`;
      // maxAttempts 1: whatever happened, this upload is not repeated by itself.
      const upload = this.gateway.uploadImage?.bind(this.gateway);
      if (!upload) return { reason: 'not_offered' };
      answer = await upload(
        { bytes, mime: stored.mime, name },
        { maxAttempts: 1, ...(signal && { signal }) },
      );
    } catch (thrown) {
      const status = isGatewayError(thrown) ? thrown.info.httpStatus : null;
      if (status === 404 || status === 405) {
        this.#offered.set(gatewayKey, false);
        return { reason: 'not_offered' };
      }
      // Not tried again by itself: the upload may have reached the gateway.
      return {
        reason: 'upload_failed',
        detail: isGatewayError(thrown) ? thrown.info.message : String(thrown),
      };
    }
    this.#offered.set(gatewayKey, true);
    if (!(await this.#answers(answer.url, signal))) return { reason: 'link_dead', detail: answer.url };
    const now = this.clock.now();
    const expiresAt = answer.expiresAt ?? now + UPLOAD_LIFETIME_MS;
    this.db
      .prepare(
        `INSERT INTO reference_uploads (gateway, sha256, url, uploaded_at, expires_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (gateway, sha256) DO UPDATE SET url = excluded.url, uploaded_at = excluded.uploaded_at,
           expires_at = excluded.expires_at`,
      )
      .run(gatewayKey, stored.sha256, answer.url, now, expiresAt);
    return answer.url;
  }

  /** Whether the URL serves the picture (one byte asked for), through the gateway's proxy if any. */
  async #answers(url: string, signal: AbortSignal | undefined): Promise<boolean> {
    const proxy = this.gateway.proxy;
    try {
      const response = await axios.get<NodeJS.ReadableStream>(url, {
        headers: { Range: 'bytes=0-0' },
        responseType: 'stream',
        maxRedirects: 3,
        timeout: CHECK_TIMEOUT_MS,
        validateStatus: () => true,
        proxy: false,
        ...(proxy && { httpAgent: proxy.agent('http:'), httpsAgent: proxy.agent('https:') }),
        ...(signal && { signal }),
      });
      (response.data as unknown as { destroy(): void }).destroy();
      return response.status === 200 || response.status === 206;
    } catch {
      return false;
    }
  }
}
