// Tasks waiting for their next poll, earliest due first: with a request budget smaller than the demand,
// serving the longest-waiting task first is what keeps any task from starving.

interface Entry {
  id: string;
  dueAt: number;
  seq: number;
}

export class DueQueue {
  private heap: Entry[] = [];
  private readonly positions = new Map<string, number>();
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  has(id: string): boolean {
    return this.positions.has(id);
  }

  /** When id is due, or undefined when it is not queued. */
  dueAt(id: string): number | undefined {
    const index = this.positions.get(id);
    return index === undefined ? undefined : this.heap[index]?.dueAt;
  }

  /** Adds id, or moves it if already queued. */
  set(id: string, dueAt: number): void {
    this.delete(id);
    const entry = { id, dueAt, seq: this.seq++ };
    this.heap.push(entry);
    this.positions.set(id, this.heap.length - 1);
    this.up(this.heap.length - 1);
  }

  peek(): { id: string; dueAt: number } | undefined {
    return this.heap[0];
  }

  pop(): { id: string; dueAt: number } | undefined {
    const top = this.heap[0];
    if (top) this.delete(top.id);
    return top;
  }

  delete(id: string): boolean {
    const index = this.positions.get(id);
    if (index === undefined) return false;
    const last = this.heap.pop();
    this.positions.delete(id);
    if (last && index < this.heap.length) {
      this.heap[index] = last;
      this.positions.set(last.id, index);
      this.up(index);
      this.down(index);
    }
    return true;
  }

  private less(a: Entry, b: Entry): boolean {
    return a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.seq < b.seq);
  }

  private swap(i: number, j: number): void {
    const a = this.heap[i];
    const b = this.heap[j];
    if (!a || !b) return;
    this.heap[i] = b;
    this.heap[j] = a;
    this.positions.set(b.id, i);
    this.positions.set(a.id, j);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const child = this.heap[i];
      const p = this.heap[parent];
      if (!child || !p || !this.less(child, p)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      const at = (k: number): Entry | undefined => this.heap[k];
      const lb = at(l);
      const rb = at(r);
      const cur = at(best);
      if (lb && cur && this.less(lb, cur)) best = l;
      const bestEntry = at(best);
      if (rb && bestEntry && this.less(rb, bestEntry)) best = r;
      if (best === i) return;
      this.swap(i, best);
      i = best;
    }
  }
}
