// @myworld/write-model/accounts: accounts's write side (deciders, states, stores).
export * from './reservation.decider.ts';
export * from './reservation.state.ts';
export * from './reservation.store.ts';
export * from './user.decider.ts';
export * from './user.state.ts';
export * from './user.store.ts';
export * from './username-release.ts';
