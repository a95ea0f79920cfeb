/**
 * Whether work over this many files or records is worth a thread of its own: starting a
 * worker (and, from the TypeScript sources, its loader) costs more than a few hundred
 * small items take on the current thread.
 */
export const worthAThread = (items: number): boolean => items >= 400;
