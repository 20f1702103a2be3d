import type { EventData, EventType } from '@myworld/schemas';

/**
 * The personal data in the log, declared in one place: per event type, the field naming the user
 * the data is about (the subject, whose key encrypts it) and each personal field with how it reads
 * once that key is destroyed (AccountDeleted). Every redaction is valid for the field's zod schema,
 * so readers parse redacted events as they parse any other. Ids, times, counts, usernames (public
 * handles held in `username-{name}` stream names) and moderators' notes are not listed.
 */

/** How a personal field reads after its subject's key is destroyed. */
export type Redaction =
  /** "[deleted]" (REDACTED_TEXT). */
  | 'text'
  /** "deleted-{subject}@deleted.invalid": unique per user, so read models with a unique email column still rebuild. */
  | 'email'
  /** "9999-12-31" (REDACTED_DATE): still a YYYY-MM-DD date, but one no age rule or age group applies to. */
  | 'date'
  /** null, for nullable fields. */
  | 'null'
  /** [], for lists. */
  | 'list';

export const REDACTED_TEXT = '[deleted]';
export const REDACTED_DATE = '9999-12-31';

export function redactedValue(redaction: Redaction, subject: string): unknown {
  switch (redaction) {
    case 'text':
      return REDACTED_TEXT;
    case 'email':
      return `deleted-${subject}@deleted.invalid`;
    case 'date':
      return REDACTED_DATE;
    case 'null':
      return null;
    case 'list':
      return [];
  }
}

type TextKeys<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T] & string;

export interface PersonalFieldsOf<T extends EventType> {
  /** The field holding the id of the user the data is about (whose key encrypts it). */
  readonly subject: TextKeys<EventData<T>>;
  readonly fields: { readonly [K in keyof EventData<T> & string]?: Redaction };
}

export const PERSONAL_FIELDS: { readonly [T in EventType]?: PersonalFieldsOf<T> } = {
  // accounts
  UserRegistered: {
    subject: 'userId',
    fields: { firstName: 'text', lastName: 'text', email: 'email', birthDate: 'date', passwordHash: 'text' },
  },
  EmailVerificationRequested: { subject: 'userId', fields: { email: 'email' } },
  EmailVerified: { subject: 'userId', fields: { email: 'email' } },
  PasswordResetRequested: { subject: 'userId', fields: { email: 'email' } },
  EmailChangeRequested: { subject: 'userId', fields: { newEmail: 'email' } },
  SignInLockedForNewDevices: { subject: 'userId', fields: { email: 'email' } },
  EmailChanged: { subject: 'userId', fields: { previousEmail: 'email', email: 'email' } },
  PasswordReset: { subject: 'userId', fields: { passwordHash: 'text' } },
  PasswordRehashed: { subject: 'userId', fields: { passwordHash: 'text' } },
  ProfileCustomized: {
    subject: 'userId',
    fields: { aboutMe: 'null', profileImageUrl: 'null', backgroundImageUrl: 'null' },
  },
  EmailReserved: { subject: 'userId', fields: { email: 'email' } },
  EmailReleased: { subject: 'userId', fields: { email: 'email' } },
  // what the user wrote
  MessageSent: { subject: 'senderId', fields: { content: 'text' } },
  CommentAdded: { subject: 'authorId', fields: { content: 'text' } },
  TextPostCreated: { subject: 'authorId', fields: { content: 'text' } },
  VideoPostSubmitted: { subject: 'authorId', fields: { description: 'text', effects: 'list' } },
  StoryCreated: { subject: 'authorId', fields: { content: 'text' } },
  LiveStreamStarted: { subject: 'userId', fields: { title: 'text', description: 'text', tags: 'list' } },
  LiveStreamScheduled: { subject: 'userId', fields: { title: 'text', description: 'text', tags: 'list' } },
  LiveStreamChatMessagePosted: { subject: 'userId', fields: { content: 'text' } },
  LiveStreamDuetRequested: { subject: 'userId', fields: { message: 'text' } },
  GiftRequested: { subject: 'senderId', fields: { message: 'text' } },
  ReportFiled: { subject: 'reporterId', fields: { description: 'text' } },
};

/** Events after which their subject's personal data is unreadable for good: the field naming the subject. */
export const SUBJECT_FORGOTTEN_BY: { readonly [T in EventType]?: TextKeys<EventData<T>> } = {
  AccountDeleted: 'userId',
};

/** The declaration for an event type, if it carries personal data. */
export function personalFieldsOf(
  type: string,
): { readonly subject: string; readonly fields: Readonly<Record<string, Redaction>> } | undefined {
  return Object.hasOwn(PERSONAL_FIELDS, type)
    ? (PERSONAL_FIELDS[type as EventType] as { subject: string; fields: Record<string, Redaction> })
    : undefined;
}

/** The subject an event makes forgotten (AccountDeleted's user), if it is such an event. */
export function forgottenSubjectOf(event: { readonly type: string; readonly data: unknown }): string | undefined {
  if (!Object.hasOwn(SUBJECT_FORGOTTEN_BY, event.type)) return undefined;
  const field = SUBJECT_FORGOTTEN_BY[event.type as EventType] as string;
  const subject = (event.data as Record<string, unknown> | null)?.[field];
  return typeof subject === 'string' ? subject : undefined;
}
