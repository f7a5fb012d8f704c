// The gateway contract's public surface: wire schemas, parsers to the normalised shapes, the error mapping.
export type {
  GatewayErrorInfo,
  MediaKind,
  NormalizedAck,
  ResultFile,
  SubmissionRequest,
  TaskSnapshot,
  TaskStatus,
} from './normalized';
export { TERMINAL_STATUSES } from './normalized';
export { GatewayError, invalidResponse, isGatewayError } from './gateway-error';
export {
  ackShapeASchema,
  ackShapeBSchema,
  ackShapeCSchema,
  parseAck,
  type AckShapeA,
  type AckShapeB,
  type AckShapeC,
} from './ack';
export {
  parseTask,
  resultEntrySchema,
  resultFiles,
  taskEnvelopeSchema,
  taskErrorSchema,
  taskObjectSchema,
  taskResultSchema,
  taskStatusSchema,
  strictTaskStatusSchema,
  toTaskSnapshot,
  type ResultEntry,
  type TaskObject,
} from './task';
export {
  balanceFailureSchema,
  balanceLookupFailed,
  parseTokenBalance,
  parseUserBalance,
  tokenBalanceSchema,
  userBalanceSchema,
  type BalanceFailure,
  type TokenBalance,
  type UserBalance,
} from './balance';
export {
  USAGE_GROUP_BY,
  USAGE_SCOPES,
  parseUsageReport,
  usageDataSchema,
  usageInstantSchema,
  usageItemSchema,
  usageQuerySchema,
  usageQueryString,
  usageReportSchema,
  usageStatsSchema,
  type UsageCacheStatus,
  type UsageData,
  type UsageGroupBy,
  type UsageItem,
  type UsageQuery,
  type UsageQueryInput,
  type UsageReport,
  type UsageScope,
  type UsageStats,
} from './usage';
export {
  USAGE_ERROR_CODES,
  errorBodySchema,
  errorFields,
  errorObjectSchema,
  type ErrorBody,
  type ErrorFields,
} from './error-body';
export {
  RETRYABLE_STATUSES,
  errorFromHttp,
  errorFromTransport,
  errorSentence,
  flaggedCategories,
  parseRetryAfter,
  validationError,
  type ErrorSentence,
  type ErrorSentenceKey,
  type HttpFailure,
  type TransportFailure,
} from './error-map';
