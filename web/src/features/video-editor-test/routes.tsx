import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const VideoEditorTestPage = lazyPage(() => import('./components/video-editor-test-page.tsx'), 'VideoEditorTestPage');

/** The editor's manual checklist; signed-in only, like the editor it tests. */
export const videoEditorTestRoutes: AppRoute[] = [
  { path: '/video-editor-test', access: 'signed-in', component: VideoEditorTestPage },
];
