import { defineFeature } from '../../platform/feature.ts';
import { liveStreamsContext } from './context.ts';
import { endStream } from './routes/end-stream.ts';
import { getStreamChat } from './routes/get-stream-chat.ts';
import { getStream } from './routes/get-stream.ts';
import { joinStream } from './routes/join-stream.ts';
import { listActiveStreams } from './routes/list-active-streams.ts';
import { listAllActiveStreams } from './routes/list-all-active-streams.ts';
import { listLiveStreams } from './routes/list-live-streams.ts';
import { startStream } from './routes/start-stream.ts';
import { liveStreamsSocket } from './socket.ts';

/**
 * Live streams: going live and ending, the listings and the stream page over HTTP; watching,
 * chat and media signalling over /ws (socket.ts); this instance's SFU (closed with the app).
 */
export const liveStreams = defineFeature({
  name: 'live-streams',
  context: liveStreamsContext,
  routes: [startStream, joinStream, endStream, listActiveStreams, listAllActiveStreams, listLiveStreams, getStream, getStreamChat],
  socket: liveStreamsSocket,
});
