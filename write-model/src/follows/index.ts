// @myworld/write-model/follows: follows's write side (deciders, states, stores).
export * from './follows.decider.ts';
export * from './follows.state.ts';
export * from './follows.store.ts';
