export { SpeechService, speechBody } from './speech-service';
export type { SpeechRequest, SpeechServiceOptions } from './speech-service';
