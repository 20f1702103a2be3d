import type { EventStore } from '@myworld/eventstore';
import { liveStreamUser, type LiveStreamsDb, type ReadModels } from '@myworld/projections';

export interface PublicProfile {
  readonly username: string | null;
  readonly profileImageUrl: string | null;
}

/**
 * Usernames and pictures shown beside chat messages and viewers. Read from the live_streams read
 * model; a user registered a moment ago that the projection has not reached yet is read from their
 * own `user-{id}` stream instead. Kept for a minute per process.
 */
export class PublicProfiles {
  private readonly cache = new Map<string, { profile: PublicProfile; until: number }>();

  constructor(
    private readonly readModels: ReadModels,
    private readonly store: EventStore,
    private readonly ttlMs = 60_000,
  ) {}

  async of(userId: string): Promise<PublicProfile> {
    const hit = this.cache.get(userId);
    if (hit && hit.until > Date.now()) return hit.profile;
    const profile = (await this.fromReadModel(userId)) ?? (await this.fromLog(userId));
    if (profile.username) this.cache.set(userId, { profile, until: Date.now() + this.ttlMs });
    return profile;
  }

  private async fromReadModel(userId: string): Promise<PublicProfile | undefined> {
    try {
      return await liveStreamUser(await this.readModels.query<LiveStreamsDb>('live_streams'), userId);
    } catch {
      return undefined; // read model still being built
    }
  }

  private async fromLog(userId: string): Promise<PublicProfile> {
    const events = await this.store.readStream(`user-${userId}`);
    const registered = events.find((e) => e.type === 'UserRegistered')?.data as
      { username?: unknown; profileImageUrl?: unknown } | undefined;
    return {
      username: typeof registered?.username === 'string' ? registered.username : null,
      profileImageUrl: typeof registered?.profileImageUrl === 'string' ? registered.profileImageUrl : null,
    };
  }
}
