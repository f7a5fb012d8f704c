export {
  UsageReader,
  type UsageFetch,
  type UsageProgress,
  type UsageReadOptions,
  type UsageReading,
} from './usage-reader';
export { MAX_USAGE_WINDOW_S, mergeUsageReports, splitUsageRange, type UsageWindow } from './usage-windows';
