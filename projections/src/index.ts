export * from './projection.ts';
export { createDatabase } from './database.ts';
export { ProjectionRunner, type RunnerOptions } from './runner.ts';
export { ReadModels, ReadModelNotReadyError } from './read-models.ts';
export { allProjections } from './all-projections.ts';
export { ensureRegistry, listGenerations, activeGeneration, type Generation } from './generations.ts';
export { projectionLag, type ProjectionLag } from './lag.ts';
export { rebuild, type RebuildOptions, type RebuildResult } from './rebuild.ts';
