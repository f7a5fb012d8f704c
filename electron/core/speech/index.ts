export { SPEECH_COST_READS_MS, SpeechService, speechBody, speechConfiguration } from './speech-service';
export type { SpeakOptions, SpeechOutcome, SpeechRequest, SpeechServiceOptions } from './speech-service';
export { normaliseGateway, normaliseSpeechBody, speechCacheKey } from './speech-cache-key';
export type { SpeechCostState, SpeechTake } from './speech-takes';
export { speechMigrations } from './speech-migrations';
