// What the host needs from the gateway client beyond the engine's GatewayPort: balances and usage. The axios
// client (electron/core/gateway) implements it; the host builds one per base URL + key and swaps it when either
// changes, while the engine keeps talking to the same SwitchableGateway.
import type {
  GatewayPort,
  CallOptions,
  ImageUpload,
  SubmitOptions,
  SpeechResponse,
} from '../core/gateway/gateway-port';
import type { UploadedImage } from '../../shared/gateway/upload';
import type { DiscoveredModel } from '../../shared/gateway/model-list';
import type { ModelSchema } from '../../shared/gateway/model-schema';
import type { Logger } from '../core/log';
import type { ProxyRoute } from '../core/proxy/proxy-route';
import type { FamilyId, TaskEndpoint } from '../../shared/catalog/family-ids';
import type { ModelConfig } from '../../shared/catalog/types';
import type { NormalizedAck, TaskSnapshot } from '../../shared/gateway/normalized';
import type { TokenBalance, UserBalance } from '../../shared/gateway/balance';
import type { UsageCacheStatus, UsageData, UsageQueryInput } from '../../shared/gateway/usage';
import { localError } from '../../shared/bridge/errors';
import type { BridgeError } from '../../shared/bridge/errors';

export interface StudioGateway extends GatewayPort {
  listModels?(options?: CallOptions): Promise<DiscoveredModel[]>;
  modelSchema?(id: string, options?: CallOptions): Promise<ModelSchema>;
  tokenBalance(options?: CallOptions): Promise<TokenBalance>;
  userBalance(options?: CallOptions): Promise<UserBalance>;
  usage(
    query: UsageQueryInput,
    options?: CallOptions,
  ): Promise<{ report: UsageData; cache: UsageCacheStatus }>;
}

export interface GatewayConnection {
  baseUrl: string;
  apiKey: string;
  /** The model ids in use (settings' overrides), read at each call so model-specific rules follow them. */
  models?: () => ModelConfig;
  /** Where the client tells a failure that was not the gateway's answer. */
  logger?: Logger;
  /** The UI's language, for the gateway's own messages (?language= on task polls). */
  language?: () => string | null;
  /** The way out (Settings' proxy, --proxy, the environment); the demo gateway is reached directly. */
  proxy?: ProxyRoute;
}

export type GatewayFactory = (connection: GatewayConnection) => StudioGateway;

export const notConfigured = (): BridgeError =>
  localError(
    'not_configured',
    'No gateway is set up yet: enter a base URL and an API key, or try the demo gateway.',
  );

/** One stable GatewayPort for the engine and speech service, pointing at whichever client is current. */
export class SwitchableGateway implements StudioGateway {
  #current: StudioGateway | null = null;

  set(next: StudioGateway | null): void {
    this.#current = next;
  }

  get baseUrl(): string | undefined {
    return this.#current?.baseUrl;
  }

  get proxy(): ProxyRoute | undefined {
    return this.#current?.proxy;
  }

  get configured(): boolean {
    return this.#current !== null;
  }

  private client(): StudioGateway {
    if (!this.#current) throw notConfigured();
    return this.#current;
  }

  /**
   * The key the current client sends: the engine keeps it with each task it sends, so the task is polled with it
   * after the creator switches keys. Without it the app kept no key at all and polled with the new one (403).
   */
  async currentKey(): Promise<string | null> {
    return (await this.#current?.currentKey?.()) ?? null;
  }

  submit(family: FamilyId, body: Record<string, unknown>, options?: SubmitOptions): Promise<NormalizedAck> {
    return this.client().submit(family, body, options);
  }

  getTask(taskId: string, endpoint: TaskEndpoint, options?: CallOptions): Promise<TaskSnapshot> {
    return this.client().getTask(taskId, endpoint, options);
  }

  speech(body: Record<string, unknown>, options?: CallOptions): Promise<SpeechResponse> {
    return this.client().speech(body, options);
  }

  listModels(options?: CallOptions): Promise<DiscoveredModel[]> {
    const client = this.client();
    if (!client.listModels) throw notConfigured();
    return client.listModels(options);
  }

  modelSchema(id: string, options?: CallOptions): Promise<ModelSchema> {
    const client = this.client();
    if (!client.modelSchema) throw notConfigured();
    return client.modelSchema(id, options);
  }

  uploadImage(image: ImageUpload, options?: CallOptions): Promise<UploadedImage> {
    const client = this.client();
    if (!client.uploadImage) throw notConfigured();
    return client.uploadImage(image, options);
  }

  tokenBalance(options?: CallOptions): Promise<TokenBalance> {
    return this.client().tokenBalance(options);
  }

  userBalance(options?: CallOptions): Promise<UserBalance> {
    return this.client().userBalance(options);
  }

  usage(
    query: UsageQueryInput,
    options?: CallOptions,
  ): Promise<{ report: UsageData; cache: UsageCacheStatus }> {
    return this.client().usage(query, options);
  }
}
