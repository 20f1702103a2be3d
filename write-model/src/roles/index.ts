// @myworld/write-model/roles: roles's write side (deciders, states, stores).
export * from './roles.decider.ts';
export * from './roles.state.ts';
export * from './operator-roles.ts';
export * from './roles.store.ts';
export * from './role-directory.ts';
