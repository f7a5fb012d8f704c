// Turns what a user typed into an FTS5 MATCH expression that can never be a syntax error or an injected
// operator: every term becomes a quoted phrase (embedded quotes doubled), terms are ANDed, and each is a
// prefix match so results follow the user while they type. Terms with no letter or digit carry nothing the
// unicode61 tokenizer would index, so they are dropped.

const SEARCHABLE = /[\p{L}\p{N}]/u;

/** Returns null when the input holds no searchable term at all. */
export function toFtsQuery(input: string): string | null {
  const terms = input
    .split(/\s+/u)
    .filter((term) => SEARCHABLE.test(term))
    .map((term) => `"${term.replaceAll('"', '""')}"*`);
  return terms.length === 0 ? null : terms.join(' ');
}
