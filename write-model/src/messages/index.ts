// @myworld/write-model/messages: messages's write side (deciders, states, stores).
export * from './conversation.decider.ts';
export * from './conversation.state.ts';
export * from './conversation.store.ts';
