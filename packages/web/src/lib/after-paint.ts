import { useEffect, useState } from 'react';

/**
 * Settles once the browser has painted the next frame (a timer set from inside an animation frame runs after that
 * frame's paint). For work a screen's first paint does not need: its requests then leave after the paint instead
 * of competing with the screen's own scripts and calls for the phone's few connections.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** False until the browser has painted once after the component mounted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let current = true;
    void afterNextPaint().then(() => current && setPainted(true));
    return () => {
      current = false;
    };
  }, []);
  return painted;
}
