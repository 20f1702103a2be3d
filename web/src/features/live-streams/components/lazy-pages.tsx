import { lazy, Suspense } from 'react';
import { FullScreenSpinner } from '../../../components/spinner.tsx';

// The broadcaster's and viewer's pages carry mediasoup-client: they load when first opened, so
// the rest of the app does not download it.
const GoLive = lazy(() => import('./go-live-page.tsx').then((m) => ({ default: m.GoLivePage })));
const Stream = lazy(() => import('./stream-page.tsx').then((m) => ({ default: m.StreamPage })));

/** /go-live. */
export function GoLiveRoute() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <GoLive />
    </Suspense>
  );
}

/** /stream/{streamId}. */
export function StreamRoute() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Stream />
    </Suspense>
  );
}
