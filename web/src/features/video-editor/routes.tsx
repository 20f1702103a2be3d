import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const VideoEditorPage = lazyPage(() => import('./components/video-editor-page.tsx'), 'VideoEditorPage');

/** The video editor (signed in, full screen). */
export const videoEditorRoutes: AppRoute[] = [
  { path: '/video-editor', access: 'signed-in', component: VideoEditorPage },
];
