import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as register, type ECharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef, type RefObject } from 'react';
import type { LineChartOption } from '../utils/chart-option';

// Only the parts drawn (docs/decisions/016-echarts.md). SVG rather than canvas: sharper on phones' dense screens
// and lighter on memory in the in-app browsers, which is what ECharts itself advises for mobile.
register([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/**
 * Draws `option` into the element: creates the chart once, replaces its option on change (notMerge, so a line
 * that went away goes), follows the element's size, and disposes of it on unmount.
 */
export function useECharts(option: LineChartOption): RefObject<HTMLDivElement | null> {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = init(node, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return element;
}
