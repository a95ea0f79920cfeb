/** How far a build is: its stage, and how many of the stage's items are done. */
export type BuildStage = 'analyze' | 'render' | 'write';

export type Progress = (stage: BuildStage, done: number, total: number) => void;

export const NO_PROGRESS: Progress = () => undefined;
