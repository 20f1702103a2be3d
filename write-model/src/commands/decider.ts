/** An event as a decider sees it: no ids, positions or metadata, just what happened. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/**
 * A pure aggregate: `decide` turns a command and the current state into new events (or throws a
 * DomainError), `evolve` folds one event into the state. No I/O, so tests are given/when/then.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  readonly initialState: () => State;
  readonly decide: (command: Command, state: State) => readonly Event[];
  readonly evolve: (state: State, event: Event) => State;
}

/**
 * Folds a stream into its aggregate's state. A stream may also hold another feature's events
 * (moderation records ContentRemoved, ContentHidden and ContentRestored on the content's own
 * stream); each evolve passes over the types it does not know (a `default` returning the state).
 */
export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
