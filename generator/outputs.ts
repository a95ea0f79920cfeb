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
  /**
   * A file made of many parts, one after another (llms-full.txt: every twin). When it must
   * be written again, the parts whose key is unchanged are taken from the file dist/ holds.
   */
  parts?: OutputPart[];
}

export interface OutputPart {
  key: string;
  render(): string;
}

const hashOf = (inputs: string[]) => {
  const hash = createHash('sha256').update(generatorFingerprint());
  for (const input of inputs) hash.update('\0').update(input);
  return hash.digest('base64url');
};

/** The signature covers the given inputs and the generator itself, so a change to either renders again. */
export function lazyOutput(inputs: string[], render: () => string): LazyOutput {
  let rendered: string | undefined;
  return { signature: hashOf(inputs), render: () => (rendered ??= render()) };
}

/** A file of parts, each with the inputs its text is made from. */
export function composedOutput(parts: { inputs: string[]; render(): string }[]): LazyOutput {
  const keyed = parts.map((part) => ({ key: hashOf(part.inputs), render: part.render }));
  return { signature: hashOf(keyed.map((part) => part.key)), render: () => keyed.map((part) => part.render()).join(''), parts: keyed };
}

/** A hash of a text, for an input that is itself an output. */
export const outputKey = (output: Output): string => (typeof output === 'string' ? createHash('sha1').update(output).digest('base64url') : output.signature);
