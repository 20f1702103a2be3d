import { USERNAME_HOLD_AFTER_DELETION_MS } from '@myworld/schemas';
import type { EventStore } from '@myworld/eventstore';
import type { CommandContext } from '../commands/command-handler.ts';
import { runUsernameReservation } from './reservation.store.ts';
import { loadUser } from './user.store.ts';

export type UsernameReleaseOutcome =
  | { readonly outcome: 'released' | 'already_free'; readonly username: string }
  | { readonly outcome: 'not_due'; readonly dueAt: Date }
  | { readonly outcome: 'not_deleted' };

/**
 * Frees the username of a deleted account once USERNAME_HOLD_AFTER_DELETION_MS has passed since
 * the deletion: UsernameReleased on `username-{name}`, so a new user can take it. Run by the
 * workers' delayed job; safe to run again (only the holder's reservation is released, once).
 */
export async function releaseDeletedUsername(
  store: EventStore,
  userId: string,
  now: Date,
  context: CommandContext,
): Promise<UsernameReleaseOutcome> {
  const user = await loadUser(store, userId);
  if (!user.deletedAt || !user.username) return { outcome: 'not_deleted' };
  const dueAt = new Date(Date.parse(user.deletedAt) + USERNAME_HOLD_AFTER_DELETION_MS);
  if (now < dueAt) return { outcome: 'not_due', dueAt };
  const result = await runUsernameReservation(store, user.username, { type: 'Release', userId }, context);
  return { outcome: result.appended ? 'released' : 'already_free', username: user.username };
}
