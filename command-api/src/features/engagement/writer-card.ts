import type { EventStore } from '@myworld/eventstore';
import type { Comment } from '@myworld/schemas';
import { loadUser } from '@myworld/write-model/accounts';

/** A comment writer's card from their own stream (the answer to their comment never waits for a read model). */
export async function writerCard(store: EventStore, userId: string): Promise<Comment['user']> {
  const user = await loadUser(store, userId);
  return {
    id: userId,
    username: user.username ?? 'unknown',
    firstName: user.firstName ?? '',
    profileImageUrl: user.profile.profileImageUrl,
  };
}
