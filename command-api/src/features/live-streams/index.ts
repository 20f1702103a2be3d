import { defineFeature } from '../../platform/feature.ts';
import { liveStreamsContext } from './context.ts';
import { acceptDuet, declineDuet } from './routes/answer-duet.ts';
import { endDuet } from './routes/end-duet.ts';
import { endStream } from './routes/end-stream.ts';
import { getStreamChat } from './routes/get-stream-chat.ts';
import { getStream } from './routes/get-stream.ts';
import { getThumbnail } from './routes/get-thumbnail.ts';
import { goLive } from './routes/go-live.ts';
import { joinStream } from './routes/join-stream.ts';
import { listActiveStreams } from './routes/list-active-streams.ts';
import { listAllActiveStreams } from './routes/list-all-active-streams.ts';
import { listLiveStreams } from './routes/list-live-streams.ts';
import { listUpcomingStreams } from './routes/list-upcoming-streams.ts';
import { cancelStreamReminder, remindStream } from './routes/remind-stream.ts';
import { requestDuet } from './routes/request-duet.ts';
import { startStream } from './routes/start-stream.ts';
import { updateThumbnail } from './routes/update-thumbnail.ts';
import { liveStreamsSocket } from './socket.ts';

/**
 * Live streams: going live (now or scheduled, with reminders) and ending, duets, the listings and
 * the stream page over HTTP; watching, chat and media signalling over /ws (socket.ts); this
 * instance's SFU (closed with the app).
 */
export const liveStreams = defineFeature({
  name: 'live-streams',
  context: liveStreamsContext,
  routes: [
    startStream,
    goLive,
    joinStream,
    endStream,
    remindStream,
    cancelStreamReminder,
    requestDuet,
    acceptDuet,
    declineDuet,
    endDuet,
    listActiveStreams,
    listAllActiveStreams,
    listLiveStreams,
    listUpcomingStreams,
    getStream,
    getStreamChat,
    updateThumbnail,
    getThumbnail,
  ],
  socket: liveStreamsSocket,
});
