import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const CreatePostPage = lazyPage(() => import('./components/create-post-page.tsx'), 'CreatePostPage');
const QuickVideosPage = lazyPage(() => import('./components/quick-videos-page.tsx'), 'QuickVideosPage');
const UploadHubPage = lazyPage(() => import('./components/upload-hub-page.tsx'), 'UploadHubPage');

/** Making posts: the text composer, the short-video upload and the hub that leads to both (signed in). */
export const postsRoutes: AppRoute[] = [
  { path: '/create-post', access: 'signed-in', component: CreatePostPage },
  { path: '/quick-videos', access: 'signed-in', component: QuickVideosPage },
  { path: '/upload', access: 'signed-in', component: UploadHubPage },
];
