import { DomainError } from '@myworld/write-model';
import type { Connection } from '../../platform/ws/connection.ts';

/** What a socket remembers about the live stream it is in. */
export interface JoinedStream {
  readonly streamId: string;
  readonly ownerId: string;
  readonly role: 'streamer' | 'viewer';
}

/** The key under which a connection keeps its joined stream. */
export const JOINED = 'live-streams:joined';

export function joinedStream(connection: Connection): JoinedStream | undefined {
  return connection.state.get(JOINED) as JoinedStream | undefined;
}

/** The stream a message is about: the one the socket joined (and, when it names one, that one). */
export function requireJoined(connection: Connection, streamId?: string): JoinedStream {
  const joined = joinedStream(connection);
  if (!joined || (streamId !== undefined && joined.streamId !== streamId)) {
    throw new DomainError('not_joined', 'Join the stream first (join_stream)', 409);
  }
  return joined;
}
