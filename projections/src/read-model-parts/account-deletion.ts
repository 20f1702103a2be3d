import { sql, type RawBuilder } from 'kysely';
import { REDACTED_TEXT } from '@myworld/eventstore';

export { REDACTED_DATE, REDACTED_TEXT } from '@myworld/eventstore';

/*
 * Account deletion (AccountDeleted) in read models. Deleting an account destroys the user's key, so
 * every read of their events from then on, a replay from 0 included, sees their personal fields
 * redacted (eventstore/src/personal-data/personal-fields.ts). A read model's AccountDeleted handler
 * therefore leaves exactly what it would have built from the redacted events: it drops the user's
 * profile and content (the same code as a moderator's removal of the user) and rewrites whatever it
 * keeps of their text (messages to others, gift messages, report descriptions) to the redaction.
 */

/** A kept text column as a replay reads it: "[deleted]" where the event had text, null where it had none (null is never sealed). */
export const redactedText = (column: string): RawBuilder<string | null> =>
  sql<string | null>`case when ${sql.ref(column)} is null then null else ${REDACTED_TEXT} end`;
