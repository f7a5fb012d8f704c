// INTERIM: a minimal GatewayPort over fetch, built from the shared wire parsers and the catalog, so the engine
// tests run against the real simulator before the axios client (electron/core/gateway) lands. The simulator
// decides every outcome; this only carries bytes. Replace with the real client as soon as it exists.
import { FAMILIES } from '../../../shared/catalog/families';
import type { FamilyId, TaskEndpoint } from '../../../shared/catalog/family-ids';
import { errorFromHttp, errorFromTransport } from '../../../shared/gateway/error-map';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import { parseAck } from '../../../shared/gateway/ack';
import { parseTask } from '../../../shared/gateway/task';
import type { NormalizedAck, TaskSnapshot } from '../../../shared/gateway/normalized';
import type {
  CallOptions,
  GatewayPort,
  SpeechResponse,
  SubmitOptions,
} from '../../../electron/core/gateway/gateway-port';

export function interimGateway(baseUrl: string, apiKey: string, now: () => number): GatewayPort {
  async function call(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    options: CallOptions = {},
  ) {
    const signals = [
      AbortSignal.timeout(options.timeoutMs ?? 10_000),
      ...(options.signal ? [options.signal] : []),
    ];
    let res: Response;
    try {
      res = await fetch(baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      const timeout = error instanceof Error && error.name === 'TimeoutError';
      throw new GatewayError(
        errorFromTransport(timeout ? 'timeout' : 'network', 'the gateway could not be reached'),
      );
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new GatewayError(errorFromTransport('network', 'the connection was reset'));
    }
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    if (!res.ok) {
      throw new GatewayError(
        errorFromHttp({
          status: res.status,
          body: parsed,
          retryAfter: res.headers.get('retry-after'),
          nowMs: now(),
        }),
      );
    }
    return { status: res.status, body: parsed };
  }

  return {
    async submit(
      family: FamilyId,
      body: Record<string, unknown>,
      options: SubmitOptions = {},
    ): Promise<NormalizedAck> {
      const spec = FAMILIES[family];
      const headers: Record<string, string> = {};
      if (family === 'image.i2') {
        headers['x-service-response-version'] = '2026-07-27';
        if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
      }
      const { status, body: ack } = await call('POST', spec.path, body, headers, options);
      return parseAck(ack, spec.taskEndpoint ?? 'tasks', status);
    },
    async getTask(taskId: string, endpoint: TaskEndpoint, options?: CallOptions): Promise<TaskSnapshot> {
      const path =
        endpoint === 'music'
          ? `/v1/music/tasks/${encodeURIComponent(taskId)}`
          : `/v1/tasks/${encodeURIComponent(taskId)}`;
      const { status, body } = await call('GET', path, undefined, {}, options);
      return parseTask(body, taskId, status);
    },
    speech(): Promise<SpeechResponse> {
      return Promise.reject(new Error('speech is not part of the engine tests'));
    },
  };
}
