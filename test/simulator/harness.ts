// Starts a simulator on a manual clock and talks to it with plain fetch, as any client would.
import {
  ManualClock,
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../electron/simulator/index';

export interface Harness {
  sim: RunningSimulator;
  clock: ManualClock;
  /** fetch with the key as a Bearer token (null sends no Authorization header). */
  call(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
  /** GET returning parsed JSON and the response. */
  getJson<T = Record<string, unknown>>(
    path: string,
    key?: string | null,
  ): Promise<{ status: number; body: T; res: Response }>;
  postJson<T = Record<string, unknown>>(
    path: string,
    json: unknown,
    key?: string | null,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; res: Response }>;
  /** Submits and returns the task id from a Shape A, B or C acknowledgement. */
  submit(path: string, json: unknown, key?: string, headers?: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(options: SimulatorOptions = {}): Promise<Harness> {
  const clock = new ManualClock();
  const sim = await startSimulator({ clock, ...options });
  const call: Harness['call'] = (path, init = {}) => {
    const { key = sim.keys.default, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key !== null) headers.set('Authorization', `Bearer ${key}`);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    return fetch(`${sim.url}${path}`, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
  const getJson: Harness['getJson'] = async (path, key) => {
    const res = await call(path, { key: key === undefined ? sim.keys.default : key });
    return { status: res.status, body: (await res.json()) as never, res };
  };
  const postJson: Harness['postJson'] = async (path, json, key, headers = {}) => {
    const res = await call(path, {
      method: 'POST',
      json,
      headers,
      key: key === undefined ? sim.keys.default : key,
    });
    return { status: res.status, body: (await res.json()) as never, res };
  };
  const submit: Harness['submit'] = async (path, json, key = sim.keys.default, headers = {}) => {
    const { status, body } = await postJson<{ data: unknown }>(path, json, key, headers);
    if (status !== 200 && status !== 202)
      throw new Error(`submission answered ${status}: ${JSON.stringify(body)}`);
    const data = body.data as { task_id?: string; id?: string } | { task_id: string }[];
    const id = Array.isArray(data) ? data[0]?.task_id : (data.id ?? data.task_id);
    if (!id) throw new Error(`no task id in ${JSON.stringify(body)}`);
    return id;
  };
  return { sim, clock, call, getJson, postJson, submit, close: () => sim.close() };
}

/** Reads width and height from a PNG's IHDR chunk. */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } {
  const buffer = Buffer.from(bytes);
  if (buffer.toString('latin1', 1, 4) !== 'PNG' || buffer.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
