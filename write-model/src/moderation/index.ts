// @myworld/write-model/moderation: moderation's write side (deciders, states, stores, the steps its
// policies take). The policies themselves are @myworld/write-model/moderation/policies: only the
// workers' reactor runs them, never a request.
export * from './auto-hide.ts';
export * from './config.ts';
export * from './content.decider.ts';
export * from './content.state.ts';
export * from './content.store.ts';
export * from './deps.ts';
export * from './end-live-streams.ts';
export * from './remove-content.ts';
export * from './report-id.ts';
export * from './report-key.ts';
export * from './report.decider.ts';
export * from './report.state.ts';
export * from './report.store.ts';
export * from './settings.decider.ts';
export * from './settings.ts';
export * from './trust.ts';
