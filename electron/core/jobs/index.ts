export { JobCancelled, JobRunner } from './job-runner';
export type { JobChange, JobContext, JobKind, JobLater, JobRunnerOptions } from './job-runner';
export { JOB_STATES, JobStore } from './job-store';
export type { JobRow, JobState } from './job-store';
