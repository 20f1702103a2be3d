import type { EventStore } from '@myworld/eventstore';
import { ACCOUNTS_STREAMS } from '@myworld/schemas';

/** Whether an account exists: its user stream has events (the log, so a user registered a moment ago counts). */
export async function userExists(store: EventStore, userId: string): Promise<boolean> {
  return (await store.readStream(ACCOUNTS_STREAMS.user(userId))).length > 0;
}
