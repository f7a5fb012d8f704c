// The two answers that decide the first screen (onboarding or the studio), asked for in one plain request through
// the bridge's transport, without the tRPC client: its code (and React Query's) is not needed to paint onboarding,
// and loads with the studio frame, which seeds its cache with these answers (docs/architecture.md, "Renderer load").
import type { SessionStatus, Settings } from '../../shared/bridge';
import { detectTransport, WEB_BRIDGE_PATH } from './bridge-transport';

export interface FirstScreen {
  session: SessionStatus;
  settings: Settings;
}

const PATHS = ['session.status', 'settings.get'] as const;

/**
 * A failed call in the shape of tRPC's client errors (name and `data`, the formatter's BridgeErrorData when main
 * answered), so bridge-error.ts reads it like any other bridge failure.
 */
class FirstScreenError extends Error {
  readonly data: unknown;
  constructor(message: string, data?: unknown) {
    super(message);
    this.name = 'TRPCClientError';
    this.data = data;
  }
}

/** One procedure's answer as both transports carry it: a result, or the error formatter's shape. */
type Answer = { result?: { data?: unknown }; error?: { message?: unknown; data?: unknown } };

function dataOf(answer: Answer | undefined): unknown {
  if (answer?.error) {
    const message = typeof answer.error.message === 'string' ? answer.error.message : 'The studio refused';
    throw new FirstScreenError(message, answer.error.data);
  }
  if (!answer?.result) throw new FirstScreenError('The studio answered without a result');
  return answer.result.data;
}

function fromAnswers(answers: readonly (Answer | undefined)[]): FirstScreen {
  // The bridge's router parsed both outputs with their schemas before answering.
  return { session: dataOf(answers[0]) as SessionStatus, settings: dataOf(answers[1]) as Settings };
}

/** Web mode: tRPC's batched GET for both (inputs none), as httpBatchLink would send it. */
async function overHttp(): Promise<FirstScreen> {
  const url = `${WEB_BRIDGE_PATH}/${PATHS.join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
  let answers: unknown;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    answers = await response.json();
  } catch (error) {
    throw new FirstScreenError(error instanceof Error ? error.message : String(error));
  }
  if (!Array.isArray(answers)) throw new FirstScreenError('Unexpected end of JSON input');
  return fromAnswers(answers as Answer[]);
}

interface IpcChannel {
  sendMessage(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

/**
 * Electron: trpc-electron's messages on the channel the preload exposed, one per procedure. The ids are strings,
 * which the tRPC client's own (numbers) can never be, so neither side reads the other's answers.
 */
function overIpc(channel: IpcChannel): Promise<FirstScreen> {
  const ids = PATHS.map((path) => `first-screen:${path}`);
  const answers = new Map<string, Answer>();
  return new Promise((resolve, reject) => {
    channel.onMessage((message) => {
      if (typeof message !== 'object' || message === null || !('id' in message)) return;
      const id = String(message.id);
      if (!ids.includes(id) || answers.has(id)) return;
      answers.set(id, message as Answer);
      if (answers.size < ids.length) return;
      try {
        resolve(fromAnswers(ids.map((each) => answers.get(each))));
      } catch (error) {
        reject(error);
      }
    });
    PATHS.forEach((path, i) =>
      channel.sendMessage({
        method: 'request',
        operation: { id: ids[i], type: 'query', path, input: undefined, context: {} },
      }),
    );
  });
}

export function fetchFirstScreen(global: object = globalThis): Promise<FirstScreen> {
  if (detectTransport(global) === 'web') return overHttp();
  return overIpc((global as { electronTRPC: IpcChannel }).electronTRPC);
}
