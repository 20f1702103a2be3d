import { mailAddressesById, type ReadModels, type UsersDb } from '@myworld/projections';

export interface Recipient {
  readonly username: string;
  readonly email: string;
}

/**
 * Usernames and email addresses from the `users` read model, by user id (ids it does not hold yet
 * are left out). Accounts have no event that changes either, so a lagging read model can only miss
 * a user, never give a stale address.
 */
export async function recipientsById(readModels: ReadModels, ids: readonly string[]): Promise<Map<string, Recipient>> {
  return mailAddressesById(await readModels.query<UsersDb>('users'), ids);
}
