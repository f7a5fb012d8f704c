export { describeThrown, formatLogLine, lineLogger, silentLogger } from './logger';
export type { LogContext, Logger } from './logger';
