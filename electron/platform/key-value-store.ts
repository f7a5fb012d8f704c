// The slice of electron-store the platform uses, so the stores here can be tested with a Map-backed double and
// main.ts hands in the real electron-store.
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}
