import { hash } from 'node:crypto';
import { generatorFingerprint } from './generator.ts';

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
   * A file made of many parts, one after another (llms-full.txt: every twin), written
   * after every other file. When it must be written again, the parts whose key is
   * unchanged are taken from the file dist/ holds.
   */
  parts?: OutputPart[];
  /**
   * The same text made apart from the other outputs (the search index; render-off-thread.ts
   * says when it starts), on a thread of its own when that pays: what it takes to build is
   * that thread's, given back when the thread ends. `previous` gives the path of a file as
   * dist/ holds it, when this generator wrote it and it is as it was left: what changed can
   * be made from the last build's files rather than everything anew.
   */
  renderElsewhere?: (previous?: LastFile) => Promise<Content>;
  /** The same text rendered by a pool of page renderers: worth it when many pages are rendered (render-off-thread.ts). */
  renderInPool?: (pool: PageRenderThreads) => Promise<Content>;
  /** Files this one names, made with it and named by their bytes (the static search index's header names its term files). */
  alongside?: Alongside;
}

/** The path of a file of dist/ (given as its path there) as the last build left it, or undefined when dist/ no longer holds it so. */
export type LastFile = (file: string) => string | undefined;

/** A file of dist/ and the output it is written from. */
export interface FileOutput<Content extends FileContent = FileContent> {
  file: string;
  output: LazyOutput<Content>;
}

/**
 * The files an output names, which are known only once they are made: written after it,
 * each kept while dist/ holds it as written (its name vouches for its bytes). A write that
 * keeps the output reads their names from the file dist/ holds.
 */
export interface Alongside {
  /** The files `content` (the output's text) names, as paths in dist/. */
  named(content: Uint8Array): string[];
  /** Every file it names, made. */
  made(): Promise<Map<string, FileContent>>;
}

/** The key of a file made alongside another: its name, which a hash of its bytes is part of, and the generator. */
export const alongsideKey = (file: string): string => signatureOf(['alongside', file]);

/** Threads that render pages (write/render-off-thread.ts starts them): a page is sent as a job, its texts come back. */
export interface PageRenderThreads {
  run(job: unknown): Promise<unknown>;
}

/**
 * Files a build takes dist/ to hold as the last build wrote them: those of a record nothing
 * they are built from changed for, whose keys are the last build's (record-signatures.ts).
 * Their outputs are not made unless dist/ no longer holds a file as it was written.
 */
export interface CarriedFiles {
  /** How many files, known without naming them: a write that takes dist/ as its last write left it names none. */
  readonly count: number;
  /** The files' names in dist/. */
  readonly files: string[];
  /** Each file's key, in their order. */
  readonly keys: string[];
  /** The outputs of `files`, in their order: made only when one must be written again. */
  outputs(): Output[];
}

/** A part of a file of parts: `prefix`, then the text of another output of the same build, `output`, written to `file`. */
export interface OutputPart {
  key: string;
  prefix: string;
  file: string;
  output: Output;
}

/**
 * The signature of an output made from `inputs`. Tens of thousands per build: one call on
 * the joined inputs, with no Hash object made (or copied) for each.
 */
export const signatureOf = (inputs: string[]): string =>
  hash('sha256', `${generatorFingerprint()}\0${inputs.join('\0')}`, 'base64url');

/**
 * The signature covers the given inputs and the generator itself, so a change to either
 * renders again. The text is not kept once rendered: a large build cannot hold every page
 * it writes.
 */
export function lazyOutput<Content extends FileContent>(
  inputs: string[],
  render: () => Content,
  elsewhere: Elsewhere<Content> = {},
): LazyOutput<Content> {
  return signedOutput(signatureOf(inputs), render, elsewhere);
}

type Elsewhere<Content extends FileContent> = Pick<
  LazyOutput<Content>,
  'renderElsewhere' | 'renderInPool' | 'alongside'
>;

/** A lazy output whose signature is already known: made by signatureOf, now or by an earlier build (record-signatures.ts). */
export function signedOutput<Content extends FileContent>(
  signature: string,
  render: () => Content,
  elsewhere: Elsewhere<Content> = {},
): LazyOutput<Content> {
  return { signature, render, ...elsewhere };
}

/** A file of parts, each the text of another output after a prefix, keyed (signatureOf) by the inputs of both. */
export function composedOutput(parts: OutputPart[]): LazyOutput<string> {
  return {
    signature: signatureOf(parts.map((part) => part.key)),
    render: () => parts.map((part) => part.prefix + contentOf(part.output)).join(''),
    parts,
  };
}

export const isLazy = (output: Output): output is LazyOutput =>
  typeof output === 'object' && !(output instanceof Uint8Array);

/** What the file holds, rendered if need be. */
export const contentOf = <Content extends FileContent>(
  output: Content | LazyOutput<Content>,
): Content => (isLazy(output) ? output.render() : output);

/** A hash of a file's content, for an input that is itself an output. */
export const outputKey = (output: Output): string =>
  isLazy(output) ? output.signature : hash('sha1', output, 'base64url');

/** A JSON file as the build writes every one: two-space indents and a final newline. */
export const jsonFile = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The files of a build, by their path in dist/, as the stages make them: each claimed once. */
export class SiteFiles {
  readonly #files = new Map<string, Output>();

  put(file: string, output: Output): void {
    if (this.#files.has(file)) throw new Error(`Two outputs claim ${file}`);
    this.#files.set(file, output);
  }

  /** Every file, in the order of their paths; the set is emptied, so the write alone holds the outputs. */
  take(): Map<string, Output> {
    const sorted = new Map([...this.#files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    this.#files.clear();
    return sorted;
  }
}
