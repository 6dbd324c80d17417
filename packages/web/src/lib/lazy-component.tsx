import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loadChunk } from './load-chunk';

/**
 * A component whose code loads the first time it renders (a rarely opened sheet, a picker, a viewer), through
 * the reload-on-failure rule of loadChunk. Until its code is in it renders nothing, inside its own Suspense
 * boundary: the screen around it never falls back to the route's empty fallback.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => loadChunk(load).then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}

/**
 * False until `visible` is first true, then true for good: what renders a lazy overlay only once it is wanted,
 * and keeps it for its closing animation and its next opening.
 */
export function useOpenedOnce(visible: boolean): boolean {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  return opened;
}
