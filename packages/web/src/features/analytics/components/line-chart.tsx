import { useMemo } from 'react';
import { lineChartOption, type LineChartData } from '../utils/chart-option';
import { useECharts } from './use-echarts';

export interface LineChartProps {
  data: LineChartData;
  /** What the chart shows, for screen readers (the figures themselves are in the cards around it). */
  label: string;
}

/** A line chart; its module brings ECharts, so screens load it through chart.tsx, never directly. */
export function LineChart({ data, label }: LineChartProps) {
  const option = useMemo(() => lineChartOption(data), [data]);
  const element = useECharts(option);
  return <div ref={element} className="an-chart-canvas" role="img" aria-label={label} />;
}
