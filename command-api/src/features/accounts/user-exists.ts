import type { EventStore } from '@myworld/eventstore';
import { ACCOUNTS_STREAMS } from '@myworld/schemas';

/**
 * Whether an account exists: its user stream has events (the log, so a user registered a moment
 * ago counts) and none deleted it.
 */
export async function userExists(store: EventStore, userId: string): Promise<boolean> {
  const events = await store.readStream(ACCOUNTS_STREAMS.user(userId));
  return events.length > 0 && !events.some((e) => e.type === 'AccountDeleted');
}
