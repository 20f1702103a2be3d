// @myworld/write-model/live-streams: live-streams's write side (deciders, states, stores).
export * from './live-stream.decider.ts';
export * from './live-stream.state.ts';
export * from './live-stream.store.ts';
