// One durable job per run, for the runners whose runs go on across restarts (recipe runs, board runs). Both held
// this glue word for word: the kind registered on first use, so a crash's running jobs are handed back only once
// the runner can take them, and a run put in line by writing its job, or by reviving the one that ended.
import type { JobContext, JobRunner } from './job-runner';

export class RunJobs {
  readonly #kind: string;
  readonly #parallel: number;
  readonly #runner: () => JobRunner | null;
  readonly #run: (key: string, context: JobContext) => Promise<undefined>;
  #registered = false;

  /** `runner` is null where runs are not kept (the CLI drives a run here and now). */
  constructor(options: {
    kind: string;
    parallel: number;
    runner: () => JobRunner | null;
    run: (key: string, context: JobContext) => Promise<undefined>;
  }) {
    this.#kind = options.kind;
    this.#parallel = options.parallel;
    this.#runner = options.runner;
    this.#run = options.run;
  }

  /** The durable jobs, with the run kind registered on first use (it hands back what a crash left running). */
  jobs(): JobRunner | null {
    const jobs = this.#runner();
    if (jobs && !this.#registered) {
      this.#registered = true;
      jobs.register({
        kind: this.#kind,
        parse: () => null,
        run: (job, context) => this.#run(job.key, context),
        parallel: this.#parallel,
      });
    }
    return jobs;
  }

  /**
   * Puts a run in line: its job written now, or, for a run tried again (or found running after its job ended),
   * the ended job revived. False where runs are not kept: the caller drives the run itself.
   */
  enqueue(key: string, beforeAdd?: () => void): boolean {
    const jobs = this.jobs();
    if (!jobs) return false;
    beforeAdd?.();
    const job = jobs.store.byKey(this.#kind, key);
    if (job && job.state !== 'waiting' && job.state !== 'running') jobs.revive(job.id);
    else if (!job) jobs.add(this.#kind, key, null);
    return true;
  }
}
