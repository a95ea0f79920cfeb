/**
 * Phrases drawn from `words` by a seeded linear congruential generator: the same phrases
 * for the same seed on every machine, so a test's corpus is random-looking and fixed.
 */
export function seededWords(words: readonly string[], seed: number): (count: number) => string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return (count) =>
    Array.from({ length: count }, () => words[Math.floor(next() * words.length)]).join(' ');
}
