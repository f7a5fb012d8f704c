// The renderer's entry point into the bridge contract: types and pure helpers only. The router itself is in
// router.ts; the renderer imports `type AppRouter` from there so no server code reaches its bundle.
export type { AppRouter } from './router';
export type { BridgeHandlers, BridgeContext, TaskListQuery } from './contract';
export type { BridgeErrorData } from './errors';
export type { BridgeEvent, BridgeLibraryItem } from './record-schemas';
export type {
  LibraryMovePlan,
  LibraryMoveStatus,
  SessionStatus,
  Settings,
  SettingsPatch,
} from './session-schemas';
export type { TokenBalanceView, UserBalanceView, UsageQuery, UsageResult } from './account-schemas';
export type { SpeakInput, SpeechOutcomeView, SpeechRequest } from './speech-schemas';
export { settingsSchema, settingsPatchSchema, apiKeyInputSchema, DEFAULT_SETTINGS } from './session-schemas';
export { speechRequestSchema } from './speech-schemas';
export { usageQuerySchema } from './account-schemas';
export { mediaUrl, decodeMediaPath, ELECTRON_MEDIA_BASE_URL, WEB_MEDIA_BASE_URL } from './media-url';
