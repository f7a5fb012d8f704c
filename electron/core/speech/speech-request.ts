// A speech request as the studio holds it, the body the gateway is sent ([EP-SPEECH-1]) and the shape the
// spending limits measure a take by: one definition each, so what is asked about is what is sent and charged.
import type { TaskConfiguration } from '../tasks/task-history';

export interface SpeechRequest {
  model: string;
  input: string;
  voice?: string;
  /** [EP-SPEECH-1] wav, opus, aac, flac or pcm. */
  responseFormat?: string;
  speed?: number;
}

/**
 * A take as the spending limits measure it: the one shape the service admits and the app's question measures
 * (speech.check), so what is asked about is what is held to the threshold.
 */
export function speechConfiguration(request: SpeechRequest): TaskConfiguration {
  const { model, ...params } = request;
  return { family: 'speech', model, params };
}

/** The body as the gateway names its fields; the client validates it against the catalog before sending. */
export function speechBody(request: SpeechRequest): Record<string, unknown> {
  return {
    model: request.model,
    input: request.input,
    ...(request.voice !== undefined && { voice: request.voice }),
    ...(request.responseFormat !== undefined && { response_format: request.responseFormat }),
    ...(request.speed !== undefined && { speed: request.speed }),
  };
}
