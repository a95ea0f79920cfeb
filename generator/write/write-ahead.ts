import type { Corpus } from '../model/corpus.ts';

/**
 * npm run dev's bookkeeping of the files it writes ahead of a build: an edited record's
 * own files go out at once (Builder.writeEditedRecords), before the build that brings the
 * rest of dist/ in line, which may already be running on older content. That build's
 * write leaves the files written ahead since it began as they are (the next build settles
 * them), and keeps the corpus they were written from rather than its own.
 */
export class WriteAhead {
  /** What dist/ was last written from, by a build or ahead of one; undefined after a build that failed. */
  corpus: Corpus | undefined;
  /** Files written or deleted ahead since the build in progress began. */
  readonly files = new Set<string>();
  /** Whether anything was written ahead since the build in progress began, from content newer than it reads. */
  #sinceBuildBegan = false;

  /** A build begins: what is written ahead from now on is newer than what it reads. */
  buildBegins(): void {
    this.files.clear();
    this.#sinceBuildBegan = false;
  }

  /** Files written or deleted ahead (DistState.writeSome, removeSome). */
  wrote(files: Iterable<string>): void {
    for (const file of files) this.files.add(file);
  }

  /** An edit was written ahead from `corpus`, the content as it is now. */
  wroteFrom(corpus: Corpus): void {
    this.corpus = corpus;
    this.#sinceBuildBegan = true;
  }

  /** A build wrote dist/ from `corpus`: the corpus to write ahead from, unless something newer was written meanwhile. */
  built(corpus: Corpus | undefined): void {
    if (!this.#sinceBuildBegan) this.corpus = corpus;
  }

  /** The content is broken: nothing is written ahead until a build succeeds again. */
  failed(): void {
    this.corpus = undefined;
  }
}
