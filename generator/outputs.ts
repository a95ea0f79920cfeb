import { createHash } from 'node:crypto';
import { generatorFingerprint } from './build-cache.ts';

/**
 * One file of dist/: its content, or a way to render it with a signature of everything
 * it is rendered from. A file whose signature has not changed since it was last written,
 * and which is still as it was left, is neither rendered nor written again: that is what
 * makes a build after a one-record edit cost little.
 */
export type Output = string | LazyOutput;

export interface LazyOutput {
  signature: string;
  render(): string;
}

/** The signature covers the given inputs and the generator itself, so a change to either renders again. */
export function lazyOutput(inputs: string[], render: () => string): LazyOutput {
  const hash = createHash('sha256').update(generatorFingerprint());
  for (const input of inputs) hash.update('\0').update(input);
  let rendered: string | undefined;
  return { signature: hash.digest('base64url'), render: () => (rendered ??= render()) };
}

/** What dist/ already holds: the content of a file last written from this signature and untouched since, if any. */
export type ReuseOutput = (file: string, signature: string) => string | undefined;

export const NOTHING_TO_REUSE: ReuseOutput = () => undefined;

export const outputText = (output: Output, file: string, reuse: ReuseOutput): string =>
  typeof output === 'string' ? output : (reuse(file, output.signature) ?? output.render());
