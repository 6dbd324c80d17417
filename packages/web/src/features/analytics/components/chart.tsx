import { useEffect, useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import type { LineChartProps } from './line-chart';

const LazyLineChart = lazyComponent(() => import('./line-chart').then((m) => m.LineChart));

/** Longest wait for an idle moment before the chart loads anyway (a page that is never idle). */
const IDLE_TIMEOUT_MS = 2000;

/** False until the browser has been idle once after the first render: the figures around have painted. */
function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return undefined;
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(done, 0);
    return () => clearTimeout(timer);
  }, [idle]);
  return idle;
}

/**
 * The chart's box, with the chart loading into it: uPlot arrives in its own chunk once the browser is idle after
 * the figures around it have painted, so neither the first screen nor a screen's own chunk carries it, the
 * figures' paint does not wait for it or share a task with it, and the box keeps its height meanwhile.
 */
export function Chart(props: LineChartProps) {
  const idle = useAfterIdle();
  return <div className="an-chart">{idle ? <LazyLineChart {...props} /> : null}</div>;
}
