// @myworld/write-model/media: media's write side (deciders, states, stores).
export * from './media.decider.ts';
export * from './media.state.ts';
export * from './media.store.ts';
