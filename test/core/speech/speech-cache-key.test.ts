// What counts as the same speech ([EP-SPEECH-1] body fields). Pure rules.
import { describe, expect, it } from 'vitest';
import { normaliseGateway, speechBody, speechCacheKey } from '../../../electron/core/speech';

const GW = 'https://gateway.example.com';
const base = {
  model: 'speech_model_id',
  input: 'Hello there.',
  voice: 'alloy',
  responseFormat: 'wav',
  speed: 1,
};
const key = (over: Partial<typeof base> & Record<string, unknown> = {}, gateway = GW) =>
  speechCacheKey(gateway, speechBody({ ...base, ...over }));

describe('speechCacheKey [EP-SPEECH-1]', () => {
  it('is the same for the same model, text, voice, format and speed', () => {
    expect(key()).toBe(key());
    expect(key()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('treats the text as the words spoken: NFC, line endings and the ends trimmed are the same', () => {
    expect(key({ input: '  Hello there.\n' })).toBe(key());
    expect(key({ input: 'line one\r\nline two' })).toBe(key({ input: 'line one\nline two' }));
    // "é" composed and decomposed are one character to a listener.
    expect(key({ input: 'caf\u00e9' })).toBe(key({ input: 'cafe\u0301' }));
  });

  it('keeps what can change the audio: inner text, case, punctuation', () => {
    expect(key({ input: 'Hello there!' })).not.toBe(key());
    expect(key({ input: 'hello there.' })).not.toBe(key());
    expect(key({ input: 'Hello  there.' })).not.toBe(key());
  });

  it('differs by model, voice, format and speed; 1 and 1.0 are one speed', () => {
    expect(key({ model: 'speech_model_id_2' })).not.toBe(key());
    expect(key({ voice: 'echo' })).not.toBe(key());
    expect(key({ voice: 'Alloy' })).not.toBe(key());
    expect(key({ responseFormat: 'flac' })).not.toBe(key());
    expect(key({ speed: 1.25 })).not.toBe(key());
    expect(key({ speed: 1.0 })).toBe(key({ speed: 1 }));
  });

  it('a missing field is not its guessed default (the spec shows none), an empty voice is no voice', () => {
    const { speed: _speed, ...noSpeed } = base;
    expect(speechCacheKey(GW, speechBody(noSpeed))).not.toBe(key());
    const { voice: _voice, ...noVoice } = base;
    expect(speechCacheKey(GW, speechBody(noVoice))).toBe(key({ voice: '  ' }));
    expect(key({ responseFormat: 'WAV' })).toBe(key());
    expect(key({ voice: ' alloy ' })).toBe(key());
  });

  it('any other body field takes part, so a new parameter can only make a miss', () => {
    const body = speechBody(base);
    expect(speechCacheKey(GW, { ...body, instructions: 'whisper' })).not.toBe(speechCacheKey(GW, body));
    // Field order is not meaning.
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    expect(speechCacheKey(GW, reversed)).toBe(speechCacheKey(GW, body));
  });

  it('is per gateway: a take from the demo is never served for a real gateway', () => {
    expect(key({}, 'demo')).not.toBe(key());
    expect(key({}, 'https://other.example.com')).not.toBe(key());
    expect(key({}, 'https://Gateway.Example.com/')).toBe(key());
    expect(normaliseGateway('https://GW.example.com/v1/')).toBe('https://gw.example.com/v1');
  });
});
