// @myworld/write-model/sessions: sessions's write side (deciders, states, stores).
export * from './session-revocations.ts';
export * from './session-store.ts';
