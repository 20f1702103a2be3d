// @myworld/write-model/posts: posts's write side (deciders, states, stores).
export * from './post.decider.ts';
export * from './post.state.ts';
export * from './post.store.ts';
