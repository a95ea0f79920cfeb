/** One thing wrong with the content, located precisely enough to fix without searching. */
export interface Problem {
  file: string;
  line: number;
  field: string;
  what: string;
  fix: string;
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}: ${p.field}: ${p.what} -> ${p.fix}`;
}

/** Thrown when the content cannot be published; carries every problem found, not just the first. */
export class ContentError extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      `The content has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was written:\n` +
        problems.map(formatProblem).join('\n'),
    );
    this.name = 'ContentError';
  }
}
