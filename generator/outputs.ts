import { createHash } from 'node:crypto';
import { generatorFingerprint } from './build-cache.ts';

/**
 * One file of dist/: its content, or a way to render it with a signature of everything
 * it is rendered from. A file whose signature has not changed since it was last written,
 * and which is still as it was left, is neither rendered nor written again: that is what
 * makes a build after a one-record edit cost little.
 */
export type Output = FileContent | LazyOutput;

/** Text (written as UTF-8) or bytes (the PNG images). */
export type FileContent = string | Uint8Array;

export interface LazyOutput<Content extends FileContent = FileContent> {
  signature: string;
  render(): Content;
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
export function lazyOutput<Content extends FileContent>(inputs: string[], render: () => Content): LazyOutput<Content> {
  let rendered: Content | undefined;
  return { signature: hashOf(inputs), render: () => (rendered ??= render()) };
}

/** A file of parts, each with the inputs its text is made from. */
export function composedOutput(parts: { inputs: string[]; render(): string }[]): LazyOutput<string> {
  const keyed = parts.map((part) => ({ key: hashOf(part.inputs), render: part.render }));
  return { signature: hashOf(keyed.map((part) => part.key)), render: () => keyed.map((part) => part.render()).join(''), parts: keyed };
}

export const isLazy = (output: Output): output is LazyOutput => typeof output === 'object' && !(output instanceof Uint8Array);

/** What the file holds, rendered if need be. */
export const contentOf = <Content extends FileContent>(output: Content | LazyOutput<Content>): Content => (isLazy(output) ? output.render() : output);

/** A hash of a file's content, for an input that is itself an output. */
export const outputKey = (output: Output): string => (isLazy(output) ? output.signature : createHash('sha1').update(output).digest('base64url'));
