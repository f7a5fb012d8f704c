// [EP-SPEECH-1] lists pcm among the speech formats but does not show its sample format. Raw PCM has no header,
// so a player must be told: we take the usual default of speech APIs of this shape (24 kHz, signed 16-bit
// little-endian, mono), which is also what the simulator serves. One place, so the player, its caption and the
// docs agree.
export const SPEECH_PCM_FORMAT = {
  sampleRate: 24_000,
  channels: 1,
  bitsPerSample: 16,
} as const;

export type PcmFormat = { sampleRate: number; channels: number; bitsPerSample: number };

/** The MIME types a raw PCM speech file is stored or served under. */
export const RAW_PCM_MIMES: readonly string[] = ['audio/pcm', 'audio/l16'];

/** A RIFF/WAVE file holding the raw samples: what a browser's <audio> can play. */
export function wavFromPcm(pcm: Uint8Array, format: PcmFormat = SPEECH_PCM_FORMAT): Uint8Array<ArrayBuffer> {
  const blockAlign = (format.channels * format.bitsPerSample) / 8;
  // A trailing partial sample frame would make the data chunk invalid: players stop at the whole frames.
  const dataLength = pcm.length - (pcm.length % blockAlign);
  const out = new Uint8Array(44 + dataLength);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataLength, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, format.channels, true);
  view.setUint32(24, format.sampleRate, true);
  view.setUint32(28, format.sampleRate * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, format.bitsPerSample, true);
  ascii(36, 'data');
  view.setUint32(40, dataLength, true);
  out.set(pcm.subarray(0, dataLength), 44);
  return out;
}
