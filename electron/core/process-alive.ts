// Whether another process is still running, asked the one way every cross-process rule here asks it (a data
// folder's holder, a neighbour's job, its half-written download, its trash entry, its agent sessions): a
// signal 0 reaches a live process without touching it.

/** Whether a process with this id is running (EPERM: it runs, as another user; ESRCH: it is gone). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
