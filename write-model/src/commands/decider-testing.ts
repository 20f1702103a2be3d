import { expect } from 'vitest';
import { fold, type Decider, type DomainEvent } from './decider.ts';
import { DomainError } from './domain-error.ts';

/**
 * Given events / when a command / then events (or a refusal), for a decider's unit tests:
 *
 *   const spec = deciderSpec(userDecider);
 *   spec.given(registered).when({ type: 'SignIn', now }).then([signedIn]);
 *   spec.given().when({ type: 'SignIn', now }).thenRefuses({ code: 'user_not_found', status: 404 });
 *
 * No I/O: the given events are folded with the decider's own `evolve`.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(...events: Event[]) {
      const state = () => fold(decider, events);
      return {
        /** The state the given events fold into. */
        state,
        when(command: Command) {
          const decide = () => decider.decide(command, state());
          return {
            /** The events the decider decided (for assertions of your own). */
            events: decide,
            /** The decider decided exactly these events (none: `then([])`). */
            then(expected: readonly Event[]): void {
              expect(decide()).toEqual(expected);
            },
            /** The decider refused with a DomainError matching `expected` (code, status, field, message). */
            thenRefuses(expected: Partial<Pick<DomainError, 'code' | 'status' | 'field' | 'message'>>): DomainError {
              let refusal: unknown;
              try {
                decide();
              } catch (error) {
                refusal = error;
              }
              expect(refusal, 'expected the command to be refused').toBeInstanceOf(DomainError);
              expect(refusal).toMatchObject(expected);
              return refusal as DomainError;
            },
          };
        },
      };
    },
  };
}
