// Dialects: what the real gateway sends beyond its spec, as its public clients meet it. Each one is a
// switch, off by default, so the simulator stays the spec's peer unless a test or a demo asks for the dialect:
// the `dialects` option and `sim.dialects.set()` for the whole simulator, `X-Sim-Dialect` for one request,
// `npm run simulator -- --dialect a,b`, and Settings › Demo gateway for the app's demo gateway.
import { GATEWAY_DIALECTS, type GatewayDialect } from '../../shared/http/gateway-dialects';
import { invalidRequest } from './errors';

/** The dialects by name: one list with the app's Settings › Demo gateway (shared/http/gateway-dialects.ts). */
export const DIALECTS = GATEWAY_DIALECTS;
export type Dialect = GatewayDialect;

export const DIALECT_HEADER = 'x-sim-dialect';

export const isDialect = (value: unknown): value is Dialect =>
  typeof value === 'string' && (DIALECTS as readonly string[]).includes(value);

/** A comma-separated list ("status-words, balance-cny"); an unknown name throws, naming the known ones. */
export function parseDialects(text: string): Dialect[] {
  const names = text
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '');
  const unknown = names.filter((n) => !isDialect(n));
  if (unknown.length > 0) {
    throw new RangeError(`unknown dialect ${unknown.join(', ')}: the dialects are ${DIALECTS.join(', ')}`);
  }
  return names as Dialect[];
}

/** Which dialects are on for the whole simulator; a request may add more with X-Sim-Dialect. */
export class Dialects {
  #on = new Set<Dialect>();

  constructor(initial: readonly Dialect[] = []) {
    this.set(initial);
  }

  set(list: readonly Dialect[]): void {
    if (!list.every(isDialect)) throw new RangeError(`dialects are ${DIALECTS.join(', ')}`);
    this.#on = new Set(list);
  }

  get list(): Dialect[] {
    return [...this.#on];
  }

  /** The dialects of one request: the simulator's and its header's. A malformed header is a 400. */
  forRequest(header: string | string[] | undefined): ReadonlySet<Dialect> {
    const value = Array.isArray(header) ? header.join(',') : header;
    if (value === undefined || value.trim() === '') return this.#on;
    try {
      return new Set([...this.#on, ...parseDialects(value)]);
    } catch (error) {
      throw invalidRequest(`X-Sim-Dialect: ${(error as Error).message}`);
    }
  }
}

type Said = 'submitted' | 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';

/** What public clients were seen to meet for each state, in the cases they met them. */
const WORDS: Record<Said, readonly string[]> = {
  submitted: ['submitted', 'SUBMITTED', 'created', 'queued'],
  pending: ['queued', 'Queued', 'created'],
  processing: ['in_progress', 'running', 'RUNNING', 'In_Progress'],
  completed: ['success', 'succeeded', 'SUCCESS', 'complete'],
  failed: ['failure', 'error', 'FAILURE'],
  cancelled: ['cancelled', 'canceled', 'CANCELED'],
};

/** odd-status-words: while running, a word the spec does not have, in the cases seen. */
const UNKNOWN_WORDS = ['unknown', 'UNKNOWN', 'Unknown'] as const;

/** odd-status-words: `UNKNOWN` while running, `EXPIRED` once a finished task's links have run out. */
export function oddStatusWord(state: Said, taskId: string, linksExpired: boolean): string | null {
  if (state === 'processing') return UNKNOWN_WORDS[hashOf(taskId) % UNKNOWN_WORDS.length] ?? 'unknown';
  if (state === 'completed' && linksExpired) return 'EXPIRED';
  return null;
}

function hashOf(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** A task's word for a state: fixed per task (from its id), so one task does not change its spelling. */
export function statusWord(state: Said, taskId: string): string {
  const words = WORDS[state];
  let h = 0;
  for (const ch of taskId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return words[h % words.length] ?? state;
}

/** `[status:moderating]` in a prompt: the word the task reports while processing, unknown to any client. */
export function unknownWordOf(body: Readonly<Record<string, unknown>>): string | null {
  const match = /\[status:([A-Za-z_-]{1,40})\]/.exec(JSON.stringify(body));
  return match?.[1] ?? null;
}

export const CANCEL_MARKER = '[cancel]';
/** no-channel: a submission carrying this answers 503 "no available channel". */
export const NO_CHANNEL_MARKER = '[no-channel]';
export const CANCELLED_CODE = 'cancelled';

/** A 502 as nginx in front of a gateway sends it. */
export const HTML_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** [TBAL-8] the balance unit and how many of it one US dollar is, when a balance dialect is on. */
export function balanceUnit(dialects: ReadonlySet<Dialect>): { unit: string; perUsd: number } | null {
  if (dialects.has('balance-cny')) return { unit: 'CNY', perUsd: 7.1 };
  if (dialects.has('balance-credits')) return { unit: 'credits', perUsd: 10 };
  return null;
}

const LOCALISED: Record<string, Record<string, string>> = {
  generation_failed: {
    zh: '生成失败：提示词带有 [fail] 标记。',
    en: 'Generation failed upstream: the prompt carried the [fail] marker.',
    ko: '생성 실패: 프롬프트에 [fail] 표시가 있습니다.',
    ja: '生成に失敗しました：プロンプトに [fail] マーカーがあります。',
  },
  cancelled: {
    zh: '任务已取消。',
    en: 'The task was cancelled.',
    ko: '작업이 취소되었습니다.',
    ja: 'タスクはキャンセルされました。',
  },
};

/** A failed task's message in the language asked for, when the dialect speaks it; null keeps the original. */
export function localisedMessage(code: string, language: string | null): string | null {
  if (!language) return null;
  return LOCALISED[code]?.[language.toLowerCase()] ?? null;
}

/** chinese-errors: what each status says in Chinese, as the real gateway answers when no language is asked. */
const CHINESE_BY_STATUS: Record<number, string> = {
  400: '请求参数错误',
  401: '无效的令牌',
  402: '余额不足',
  403: '无权访问该资源',
  404: '资源不存在',
  429: '请求过于频繁，请稍后再试',
  500: '服务器内部错误',
  502: '上游服务暂时不可用',
  503: '服务暂时不可用',
};

/**
 * chinese-errors: the message as the gateway says it, Chinese unless Accept-Language names another language
 * first (`en`, `en-US,en;q=0.9`); the original English words follow in brackets so a test can tell them apart.
 */
export function chineseUnlessAsked(
  message: string,
  status: number,
  acceptLanguage: string | undefined,
): string {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first !== '' && first !== '*' && !first.startsWith('zh')) return message;
  if (/[\u4e00-\u9fff]/.test(message)) return message;
  return `${CHINESE_BY_STATUS[status] ?? '请求失败'}（${message}）`;
}
