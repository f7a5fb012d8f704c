export { SpeechService } from './speech-service';
export type { SpeakOptions, SpeechOutcome, SpeechServiceOptions } from './speech-service';
export { SPEECH_COST_READS_MS } from './speech-costs';
export { speechBody, speechConfiguration } from './speech-request';
export type { SpeechRequest } from './speech-request';
export { normaliseGateway, normaliseSpeechBody, speechCacheKey } from './speech-cache-key';
export type { SpeechCostState, SpeechTake } from './speech-takes';
export { speechMigrations } from './speech-migrations';
