// [EP-SPEECH-1], [LIM-7] The speech rules, once: the speech family's fields (families/other.ts) are built from
// these, and the bridge schema, the Speech form and the CLI's help derive from them. The spec fixes the formats
// and the input limit; it shows no bounds for speed beyond "a speed", so any speed above zero goes and the
// gateway has the last word.
export const SPEECH_FORMATS = ['wav', 'opus', 'aac', 'flac', 'pcm'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/** [LIM-7] Characters of input text. */
export const SPEECH_INPUT_LIMIT = 4096;

/** Speed is strictly greater than this; no upper bound is shown. */
export const SPEECH_SPEED_ABOVE = 0;
