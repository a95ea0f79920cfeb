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
  /** The same text rendered on another thread, so that rendering it overlaps writing the other files. */
  renderElsewhere?: () => Promise<Content>;
}

export interface OutputPart {
  key: string;
  render(): string;
}

let generatorHash: ReturnType<typeof createHash> | undefined;

/** Tens of thousands per build: one update of the joined inputs costs half of one per input. */
const hashOf = (inputs: string[]) =>
  (generatorHash ??= createHash('sha256').update(generatorFingerprint())).copy().update(`\0${inputs.join('\0')}`).digest('base64url');

/**
 * The signature covers the given inputs and the generator itself, so a change to either
 * renders again. The text is not kept once rendered: a build holding every page it wrote
 * took gigabytes at 50,000 records. What is read twice keeps its own copy (a page's twin).
 */
export function lazyOutput<Content extends FileContent>(inputs: string[], render: () => Content): LazyOutput<Content> {
  return { signature: hashOf(inputs), render };
}

/** A lazy output that can also be rendered on another thread (renderElsewhere), to the same text. */
export function offThreadOutput(inputs: string[], render: () => string, renderElsewhere: (() => Promise<string>) | undefined): LazyOutput<string> {
  return { ...lazyOutput(inputs, render), renderElsewhere };
}

/**
 * Starts rendering on other threads the outputs that can be and that `wanted` says must be
 * written, before the writing of the others begins. A failure surfaces where its text is awaited.
 */
export function renderElsewhere(files: Map<string, Output>, wanted: (file: string, output: LazyOutput) => boolean): Map<string, Promise<FileContent>> {
  const started = new Map<string, Promise<FileContent>>();
  for (const [file, output] of files) {
    if (!isLazy(output) || !output.renderElsewhere || !wanted(file, output)) continue;
    const text = output.renderElsewhere();
    text.catch(() => undefined);
    started.set(file, text);
  }
  return started;
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
