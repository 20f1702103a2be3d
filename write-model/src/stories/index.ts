// @myworld/write-model/stories: stories's write side (deciders, states, stores).
export * from './live-story.ts';
export * from './story-view.decider.ts';
export * from './story-view.state.ts';
export * from './story-view.store.ts';
export * from './story.decider.ts';
export * from './story.state.ts';
export * from './story.store.ts';
