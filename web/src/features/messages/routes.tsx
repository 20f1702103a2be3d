import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const MessagesPage = lazyPage(() => import('./components/messages-page.tsx'), 'MessagesPage');

/** Direct messages are for signed-in users only; ?to={userId} opens a chat. */
export const messagesRoutes: AppRoute[] = [{ path: '/messages', access: 'signed-in', component: MessagesPage }];
