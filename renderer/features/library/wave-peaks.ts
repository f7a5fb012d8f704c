// The levels a speech waveform is drawn from (speech-wave.ts), apart from anything that touches the page.

/** The loudest sample of each of `bars` equal spans, scaled so the loudest span is 1 (silence stays 0). */
export function peaks(samples: Float32Array, bars: number): number[] {
  const out = new Array<number>(bars).fill(0);
  if (samples.length === 0) return out;
  const span = samples.length / bars;
  for (let bar = 0; bar < bars; bar += 1) {
    const end = Math.min(samples.length, Math.floor((bar + 1) * span));
    let peak = 0;
    for (let i = Math.floor(bar * span); i < end; i += 1) peak = Math.max(peak, Math.abs(samples[i] ?? 0));
    out[bar] = peak;
  }
  const loudest = Math.max(...out);
  return loudest > 0 ? out.map((p) => p / loudest) : out;
}
