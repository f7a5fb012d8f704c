export { TaskEngine } from './task-engine';
export type {
  DownloadSettings,
  EngineStats,
  ListOptions,
  SubmitOptions,
  TaskEngineOptions,
  QueueAddOptions,
  QueueEstimator,
} from './task-engine';
export { StudioEventHub } from './studio-event-hub';
export type { StudioEventOf, StudioEventType, Unsubscribe } from './studio-event-hub';
export { DEFAULT_POLL_POLICY, pollPriorsAtTimeScale } from './poll-schedule';
export type { PollPolicy } from './poll-schedule';
export { DEFAULT_BUDGET } from './request-budget';
export type { BudgetOptions } from './request-budget';
export { taskMigrations } from './task-migrations';
