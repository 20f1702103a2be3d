import type { z } from 'zod';
import { accountsEventSchemas } from './accounts/events.ts';
import { engagementEventSchemas } from './engagement/events.ts';
import { followEventSchemas } from './follows/events.ts';
import { giftEventSchemas } from './gifts/events.ts';
import { directMessageEventSchemas } from './messages/events.ts';
import { storyEventSchemas } from './stories/events.ts';
import { liveStreamEventSchemas } from './live-streams/events.ts';
import { mediaEventSchemas } from './media/events.ts';
import { postEventSchemas } from './posts/events.ts';
import { roleEventSchemas } from './roles/events.ts';
import { moderationEventSchemas } from './moderation/events.ts';
import { analyticsEventSchemas } from './analytics/events.ts';

/**
 * Every event type of every feature, assembled in one place. Code that reads the log (projections,
 * reactors) reads events through `readEvent`, so handlers are keyed and typed by event type.
 */
export const allEventSchemas = {
  ...accountsEventSchemas,
  ...liveStreamEventSchemas,
  ...mediaEventSchemas,
  ...followEventSchemas,
  ...postEventSchemas,
  ...engagementEventSchemas,
  ...storyEventSchemas,
  ...directMessageEventSchemas,
  ...giftEventSchemas,
  ...roleEventSchemas,
  ...moderationEventSchemas,
  ...analyticsEventSchemas,
} as const;

export type EventType = keyof typeof allEventSchemas;
export const EVENT_TYPES = Object.keys(allEventSchemas) as EventType[];

/** The parsed payload of an event of type T. */
export type EventData<T extends EventType> = z.output<(typeof allEventSchemas)[T]>;
/** One event of type T as domain code sees it. */
export type DomainEventOf<T extends EventType> = { readonly type: T; readonly data: EventData<T> };
/** Any known event: narrow it by `type`. */
export type DomainEvent = { [T in EventType]: DomainEventOf<T> }[EventType];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(allEventSchemas, type);
}

/** A stored event of a known type whose payload does not match its schema. */
export class InvalidEventError extends Error {
  constructor(
    readonly type: EventType,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const details = issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ');
    super(`event ${type} has an invalid payload: ${details}`);
    this.name = 'InvalidEventError';
  }
}

/**
 * Parses an event read from the log (a boundary: the log outlives code). Null for a type this code
 * does not know (a newer feature's, or one no longer read); throws InvalidEventError when a known
 * type's payload does not match.
 */
export function readEvent(event: { readonly type: string; readonly data: unknown }): DomainEvent | null {
  if (!isEventType(event.type)) return null;
  const parsed = allEventSchemas[event.type].safeParse(event.data);
  if (!parsed.success) throw new InvalidEventError(event.type, parsed.error.issues);
  return { type: event.type, data: parsed.data } as DomainEvent;
}
