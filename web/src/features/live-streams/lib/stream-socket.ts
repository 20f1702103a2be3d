import { mediaResponseData, type ClientMessage, type MediaRequest, type ServerMessage } from '@myworld/schemas';
import {
  RealtimeConnection,
  RealtimeRequestError,
  type RealtimeClosed,
} from '../../../lib/realtime/realtime-connection.ts';

type MediaType = MediaRequest['type'];
type MediaAnswer<T extends MediaType> = ReturnType<(typeof mediaResponseData)[T]['parse']>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Listener = (message: ServerMessage) => void;

/**
 * A live room's use of the realtime connection: joining a stream's room, and media signalling
 * whose answers are checked against the shared schema for each request. One per page, opened and
 * closed with it; it does not reconnect (a dropped room shows as disconnected).
 */
export class StreamSocket {
  private constructor(private readonly connection: RealtimeConnection) {}

  static async connect(): Promise<StreamSocket> {
    return new StreamSocket(await RealtimeConnection.open());
  }

  get isOpen(): boolean {
    return this.connection.isOpen;
  }

  send(message: ClientMessage): void {
    this.connection.send(message);
  }

  /** Sends a media request and resolves with its answer (rejects with the server's error). */
  async request<M extends DistributiveOmit<MediaRequest, 'requestId'>>(message: M): Promise<MediaAnswer<M['type']>> {
    const answer = await this.connection.request(message);
    const type: MediaType = message.type;
    const data = answer.type === 'media_response' ? mediaResponseData[type].safeParse(answer.data) : null;
    if (!data?.success) throw new RealtimeRequestError('invalid_response', `unexpected answer to ${type}`);
    return data.data as MediaAnswer<M['type']>;
  }

  /** join_stream, resolved by stream_joined (rejected by the server's error, or the socket closing first). */
  join(streamId: string): Promise<Extract<ServerMessage, { type: 'stream_joined' }>> {
    return new Promise((resolve, reject) => {
      const done = () => {
        off();
        offClose();
      };
      const off = this.subscribe((m) => {
        if (m.type === 'stream_joined' && m.streamId === streamId) {
          done();
          resolve(m);
        } else if (m.type === 'error' && m.for === 'join_stream') {
          done();
          reject(new Error(m.message));
        }
      });
      const offClose = this.onClose(({ message }) => {
        done();
        reject(new Error(message ?? 'The connection closed'));
      });
      this.send({ type: 'join_stream', streamId });
    });
  }

  /** Hears every server message; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    return this.connection.subscribe(listener);
  }

  onClose(listener: (closed: RealtimeClosed) => void): () => void {
    return this.connection.onClose(listener);
  }

  close(): void {
    this.connection.close();
  }
}
