import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A slot's component loaded the first time a page shows it, so a heavy library (Uppy for the
 * uploader) stays out of the first download. It renders nothing until its code has arrived, and
 * never suspends the page around it.
 */
export function lazySlot<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const Component = lazy(async (): Promise<{ default: ComponentType<P> }> => ({ default: (await load())[name] }));
  return (props: P) => (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
