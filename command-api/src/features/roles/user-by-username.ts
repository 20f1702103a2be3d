import { ROLE_MESSAGES } from '@myworld/schemas';
import { profileUser, type ReadModels, type UsersDb } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';

/** The user a username names, from the users read model; 404 naming `username` when there is none. */
export async function userByUsername(
  readModels: ReadModels,
  username: string,
): Promise<{ id: string; username: string }> {
  const user = await profileUser(await readModels.query<UsersDb>('users'), username);
  if (!user) throw new DomainError('not_found', ROLE_MESSAGES.userNotFound, 404, 'username');
  return { id: user.id, username: user.username };
}
