// Which key submitted each task, so its polls carry that key even after the creator switches keys: the real
// gateway answers a task only to the key (or user) that made it, so a task polled with the new key of another
// account would be refused (403) and failed. Kept in memory only: the key is never written to the database, so a
// restart polls with the key then in use. A remembered key the gateway refuses (401/403: revoked, or the account
// changed) is forgotten and the current key is used from then on.
export class SubmittingKeys {
  readonly #byTask = new Map<string, string>();

  remember(taskId: string, key: string | null): void {
    if (key) this.#byTask.set(taskId, key);
  }

  /** The call options that make a request with the task's own key, or none (the client's current key). */
  optionsFor(taskId: string): { apiKey?: string } {
    const key = this.#byTask.get(taskId);
    return key ? { apiKey: key } : {};
  }

  has(taskId: string): boolean {
    return this.#byTask.has(taskId);
  }

  forget(taskId: string): void {
    this.#byTask.delete(taskId);
  }
}
