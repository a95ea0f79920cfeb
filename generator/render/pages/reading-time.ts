/** How long a body takes to read: its words at 200 a minute, rounded up, at least a minute. */
export const WORDS_PER_MINUTE = 200;

export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

export function readingTime(words: number): string {
  const minutes = readingMinutes(words);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
