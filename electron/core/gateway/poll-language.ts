// ?language= on task polls: where the gateway takes it (zh, en, ko, ja), its own messages (a failed task's error)
// come in the UI's language. A gateway that refuses the parameter (400) is asked again without it, and never with
// it again by this client: a language is a courtesy, never a reason for a poll to fail.
import { GatewayError } from '../../../shared/gateway/gateway-error';

/** The languages the gateway's messages come in; the UI's zh-cn is its zh. */
const POLL_LANGUAGES = new Set(['zh', 'en', 'ko', 'ja']);

export function pollLanguage(uiLanguage: string | null | undefined): string | null {
  const primary = uiLanguage?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return POLL_LANGUAGES.has(primary) ? primary : null;
}

/**
 * The Accept-Language every call carries: the real gateway answers its errors in Chinese unless a language is
 * asked for, so one is always asked for, the UI's (English when none is known: the CLI, a UI in another language).
 */
export function acceptLanguage(uiLanguage: string | null | undefined): string {
  return pollLanguage(uiLanguage) === 'zh' ? 'zh-CN,zh;q=0.9,en;q=0.5' : 'en';
}

export class PollLanguage {
  /** Set once a poll with ?language= was refused: this gateway does not take it. */
  #refused = false;

  constructor(private readonly uiLanguage: () => string | null | undefined) {}

  /** Polls `path` with the language when there is one to send, and without it if the gateway refuses it. */
  async poll<T>(path: string, send: (url: string) => Promise<T>): Promise<T> {
    const language = this.#refused ? null : pollLanguage(this.uiLanguage());
    if (!language) return send(path);
    try {
      return await send(`${path}?language=${language}`);
    } catch (error) {
      if (!(error instanceof GatewayError) || error.httpStatus !== 400) throw error;
      this.#refused = true;
      return send(path);
    }
  }
}
