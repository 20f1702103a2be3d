// Helpers for tests of read models (here and in other packages).
export { schemaDifferences, rowCount } from './compare-schemas.ts';
export { seedEvents } from './seed-events.ts';
export { replayDifferences } from './replay-differences.ts';
export { appendEvent, appendTextPost, appendVideoPost, type ScriptedPost } from './scripted-events.ts';
export { seeded } from './seeded-random.ts';
