import { lazyComponent } from '../../../lib/lazy-component';
import type { LineChartProps } from './line-chart';

const LazyLineChart = lazyComponent(() => import('./line-chart').then((m) => m.LineChart));

/**
 * The chart's box, with the chart loading into it: uPlot arrives in its own chunk the first time a chart is
 * drawn, after the figures around it have painted, so neither the first screen nor a screen's own chunk carries
 * it, and the box keeps its height meanwhile.
 */
export function Chart(props: LineChartProps) {
  return (
    <div className="an-chart">
      <LazyLineChart {...props} />
    </div>
  );
}
