// @myworld/write-model/engagement: engagement's write side (deciders, states, stores).
export * from './comment.decider.ts';
export * from './comment.state.ts';
export * from './comment.store.ts';
export * from './like.decider.ts';
export * from './like.state.ts';
export * from './like.store.ts';
export * from './share.decider.ts';
export * from './share.state.ts';
export * from './share.store.ts';
export * from './target-post.ts';
export * from './view.decider.ts';
export * from './view.state.ts';
export * from './view.store.ts';
