import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';
import { listenForStreamReminders } from './lib/stream-reminders.ts';

const LivePage = lazyPage(() => import('./components/live-page.tsx'), 'LivePage');
const LiveStreamsPage = lazyPage(() => import('./components/live-streams-page.tsx'), 'LiveStreamsPage');
// These two carry mediasoup-client, which no other page downloads.
const GoLivePage = lazyPage(() => import('./components/go-live-page.tsx'), 'GoLivePage');
const StreamPage = lazyPage(() => import('./components/stream-page.tsx'), 'StreamPage');

/**
 * Anyone may browse /live and watch a room (visitors without the chat input); /go-live shows
 * visitors a sign-in card; /live-streams is for signed-in users.
 */
// A reminded stream's notice shows on any page (through the user's socket), so it starts with the app.
listenForStreamReminders();

export const liveStreamsRoutes: AppRoute[] = [
  { path: '/live', access: 'everyone', component: LivePage },
  { path: '/live-streams', access: 'signed-in', component: LiveStreamsPage },
  { path: '/go-live', access: 'everyone', component: GoLivePage },
  { path: '/stream/:streamId', access: 'everyone', component: StreamPage },
];
