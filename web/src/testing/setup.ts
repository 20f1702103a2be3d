import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { appToasts } from '../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../lib/api-client.ts';

// waitFor and findBy* give up after 1 s by default: on a loaded 2-core CI machine a page's fetches,
// timers and re-renders can take longer than that, and the test fails for no fault of the page.
// They still return as soon as the condition holds.
configure({ asyncUtilTimeout: 5_000 });

// Files share one page environment and module graph per worker (isolate: false): nothing one file
// rendered stays mounted for the next, and no toast or read position of one reaches the next (a
// toast left by another file was found in place of the one a test waited for).
afterEach(() => {
  cleanup();
  appToasts.dismiss();
  forgetLastPosition();
});
