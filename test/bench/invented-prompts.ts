// The prompts of the library benches' made-up libraries: invented words of a few syllables, drawn into prompts
// the way real ones repeat common words, so full-text search meets a realistic spread of terms.

/** What the benches' invented words are made of: two to four of these each. */
const SYLLABLES = 'ka lo mi ren sa tor vel su qu an dri sol mar nex ori pax zen'.split(' ');

/** `size` distinct words, `known` first and then invented ones: a library's prompts are drawn from it. */
export function vocabulary(random: () => number, size: number, known: readonly string[] = []): string[] {
  const words = new Set<string>(known);
  while (words.size < size) {
    const n = 2 + Math.floor(random() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** A prompt of `length` words. Squared draws skew towards the front of the vocabulary, as real prompts repeat common words. */
export function promptFrom(random: () => number, words: readonly string[], length: number): string {
  return Array.from({ length }, () => words[Math.floor(random() ** 2 * words.length)]).join(' ');
}
