import { describe, expect, it } from 'vitest';
import { defineProjection, ownHandler, runHandlerOf, type ProjectionHandlers } from './projection.ts';
import { isTransientError, ProjectionEventError } from './failures.ts';
import pg from 'pg';

// The `@ts-expect-error` lines below are the test: `npx tsc` (run by `npm test`) fails if one of
// them compiles, i.e. if handlers stopped being keyed and typed by the schemas' event types.

interface Db {
  things: { id: string };
}

describe('projection handlers are keyed and typed by event type', () => {
  it('refuses a misspelled event type and fields an event does not have, at compile time', () => {
    const projection = defineProjection<Db>({
      name: 'typing_check',
      version: 1,
      migrate: async () => undefined,
      handlers: {
        UserRegistered: async (_ctx, event) => {
          const username: string = event.data.username;
          // @ts-expect-error UserRegistered carries no profile picture
          void event.data.profileImageUrl;
          void username;
        },
        LiveStreamEnded: async (_ctx, event) => {
          // @ts-expect-error the reason is one of the schema's enum values, not any string
          const reason: 'bored' = event.data.reason;
          void reason;
        },
        // @ts-expect-error misspelled event type
        UserRegisterd: async () => undefined,
        '*': async (_ctx, event) => {
          const type: string = event.type; // '*' gets every other event, of any type, unparsed
          void type;
        },
      },
    });
    const handlers: ProjectionHandlers<Db> = {
      // @ts-expect-error a handler for one type cannot take another type's event
      EmailVerified: async (_ctx: unknown, event: { data: { streamId: string } }) => void event,
    };
    void handlers;
    expect(ownHandler(projection, 'UserRegistered')).toBeTypeOf('function');
    expect(ownHandler(projection, 'PostCreated')).toBeUndefined();
    expect(ownHandler(projection, '*')).toBeUndefined();
    expect(ownHandler(projection, 'constructor')).toBeUndefined();
  });
});

describe('run handlers', () => {
  const define =
    (runHandlers: Array<{ types: Array<'PostLiked' | 'PostViewed'> }>, extra = {}) =>
    () =>
      defineProjection<Db>({
        name: 'runs_check',
        version: 1,
        migrate: async () => undefined,
        handlers: { UserRegistered: async () => undefined },
        runHandlers: runHandlers.map((r) => ({ ...r, apply: async () => undefined })),
        ...extra,
      });

  it('a type a run handler takes has no handler of its own (one implementation), and belongs to one run handler only', () => {
    expect(define([{ types: ['PostLiked', 'PostViewed'] }])).not.toThrow();
    expect(define([{ types: ['PostLiked'] }, { types: ['PostLiked'] }])).toThrow(/two run handlers for PostLiked/);
    expect(define([{ types: ['PostViewed'] }], { handlers: { PostViewed: async () => undefined } })).toThrow(
      /runs PostViewed and also has a handler of its own/,
    );
    expect(define([{ types: ['PostLiked'] }], { batchStatements: () => [] })).toThrow(
      /both batchStatements and runHandlers/,
    );
    // Set-based statements are a projection's only path: no per-event handler beside them.
    expect(define([], { batchStatements: () => [] })).toThrow(/both batchStatements and handlers/);
    expect(define([], { batchStatements: () => [], handlers: {} })).not.toThrow();
  });

  it('runHandlerOf finds the run handler of a type', () => {
    const projection = define([{ types: ['PostLiked', 'PostViewed'] }])();
    expect(runHandlerOf(projection, 'PostViewed')).toBe(projection.runHandlers![0]);
    expect(runHandlerOf(projection, 'UserRegistered')).toBeUndefined();
  });
});

describe('telling event errors from infrastructure errors', () => {
  const event = {
    id: '00000000-0000-4000-8000-000000000000',
    type: 'UserSignedIn',
    data: {},
    metadata: {} as never,
    stream: 'user-1',
    version: 3n,
    position: { commit: 7n, prepare: 42n },
    createdAt: new Date(0),
  };

  it('a lost connection, a deadlock or a shutdown is transient; a bad payload or a constraint is not', () => {
    const dbError = (code: string) => Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });
    expect(isTransientError(dbError('08006'))).toBe(true);
    expect(isTransientError(dbError('40P01'))).toBe(true);
    expect(isTransientError(dbError('57P01'))).toBe(true);
    expect(isTransientError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientError(dbError('23505'))).toBe(false);
    expect(isTransientError(dbError('42703'))).toBe(false);
    expect(isTransientError(new TypeError('cannot read properties of undefined'))).toBe(false);
  });

  it('an event error names the projection, the position and the event', () => {
    const error = new ProjectionEventError('users', event, new Error('boom'));
    expect(error.message).toBe('projection users failed at 7/42 on UserSignedIn (user-1@3): boom');
    expect(error.reason).toBe('UserSignedIn (user-1@3): boom');
  });
});
