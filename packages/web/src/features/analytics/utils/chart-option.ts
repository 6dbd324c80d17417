import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** The option of the one kind of chart the app draws: lines over an axis of buckets. */
export type LineChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export interface ChartLine {
  name: string;
  /** One value per label, in the unit the axis shows (yuan for money, units for counts). */
  values: readonly number[];
  color: string;
}

/** What the tooltip of a point lists: a heading and label/value rows, already formatted. */
export interface ChartTip {
  title: string;
  rows: readonly (readonly [string, string])[];
}

export interface LineChartData {
  labels: readonly string[];
  lines: readonly ChartLine[];
  tip: (index: number) => ChartTip;
  /** Formats the value axis (compact: 1.2K, 1.2万). */
  axisValue: (value: number) => string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** ECharts writes a tooltip formatter's answer as HTML; names (goods, stores) come from merchants. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The tooltip's HTML: the heading, then one row per figure with its value flush right. */
export function tipHtml(tip: ChartTip): string {
  const rows = tip.rows
    .map(
      ([label, value]) =>
        `<div style="display:flex;justify-content:space-between;gap:16px"><span>${escapeHtml(label)}</span>` +
        `<b style="font-variant-numeric:tabular-nums">${escapeHtml(value)}</b></div>`,
    )
    .join('');
  return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(tip.title)}</div>${rows}`;
}

function dataIndexOf(params: unknown): number {
  const first: unknown = Array.isArray(params) ? params[0] : params;
  if (typeof first === 'object' && first !== null && 'dataIndex' in first) {
    const index = (first as { dataIndex: unknown }).dataIndex;
    if (typeof index === 'number') return index;
  }
  return 0;
}

/**
 * The chart's option. Sized for a phone: the legend on top, labels thinned by ECharts itself, the tooltip on tap
 * and kept inside the chart (confine), one colour per line, drawn straight from point to point (no smoothing).
 */
export function lineChartOption(data: LineChartData): LineChartOption {
  return {
    animationDuration: 300,
    color: data.lines.map((line) => line.color),
    grid: { left: 4, right: 12, top: 36, bottom: 4 },
    legend: {
      top: 0,
      left: 0,
      itemWidth: 14,
      itemHeight: 8,
      textStyle: { fontSize: 12, color: '#545b66' },
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      backgroundColor: 'rgba(255,255,255,0.97)',
      borderColor: '#e3e6eb',
      textStyle: { fontSize: 12, color: '#1f2329' },
      formatter: (params: unknown) => tipHtml(data.tip(dataIndexOf(params))),
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: [...data.labels],
      axisLabel: { fontSize: 11, color: '#6b7280', hideOverlap: true },
      axisLine: { lineStyle: { color: '#d5d9df' } },
      axisTick: { show: false },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      splitNumber: 4,
      axisLabel: { fontSize: 11, color: '#6b7280', formatter: (value: number) => data.axisValue(value) },
      splitLine: { lineStyle: { color: '#eceef1' } },
    },
    series: data.lines.map((line): LineSeriesOption => ({
      type: 'line',
      name: line.name,
      data: [...line.values],
      // Straight segments between the measured points: a smoothed curve would invent peaks between them.
      smooth: false,
      showSymbol: data.labels.length <= 12,
      symbolSize: 5,
      lineStyle: { width: 2 },
    })),
  };
}
