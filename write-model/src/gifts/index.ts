// @myworld/write-model/gifts: gifts's write side (deciders, states, stores).
export * from './gift.decider.ts';
export * from './gift.state.ts';
export * from './gift.store.ts';
