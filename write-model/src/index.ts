// @myworld/write-model: the write side every process shares (no HTTP): deciders, their states and
// stores per feature (./<feature>), the policies the workers' reactors run, and the command runner.
export * from './commands/command-for-read.ts';
export * from './commands/command-handler.ts';
export * from './commands/decider.ts';
export * from './commands/deterministic-id.ts';
export * from './commands/domain-error.ts';
export * from './commands/request-fingerprint.ts';
