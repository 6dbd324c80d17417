import type uPlot from 'uplot';

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

/** The axes' text: the console's grey (4.8:1 on white) in the system font the rest of the page uses. */
const AXIS_FONT = '11px system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif';
const AXIS_COLOR = '#6b7280';
const GRID_COLOR = '#eceef1';

/** Label steps of the category axis: every label, every 2nd, 3rd… whichever first leaves them room. */
const LABEL_STEPS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96];

/** Value-axis steps: whole numbers only (no "0.5 deals"), 1-2-5 from 1 to 5 billion. */
const VALUE_STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((m) => m * 10 ** power)).flat();

/** Room a label takes on the category axis, from its length (CJK characters count double). */
function labelSpace(labels: readonly string[]): number {
  const widest = Math.max(
    0,
    ...labels.map((label) => [...label].reduce((n, c) => n + (c > '\u2e80' ? 2 : 1), 0)),
  );
  return Math.max(28, widest * 6.5 + 12);
}

/** The series as uPlot takes them: the x values (bucket indexes), then one array of values per line. */
export function lineChartSeries(data: LineChartData): uPlot.AlignedData {
  return [data.labels.map((_, index) => index), ...data.lines.map((line) => [...line.values])];
}

/**
 * The chart's options, sized for a phone: no legend of uPlot's (the screen draws its own above the chart), labels
 * thinned to the room they have, the value axis from zero, the cursor on tap without drag-to-zoom, one colour per
 * line, drawn straight from point to point (uPlot's default linear paths: no smoothing), points only on short axes.
 */
export function lineChartOptions(data: LineChartData, width: number, height: number): uPlot.Options {
  const last = Math.max(data.labels.length - 1, 1);
  const showPoints = data.labels.length <= 12;
  return {
    width,
    height,
    padding: [10, 12, 0, 0],
    legend: { show: false },
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { size: 7 },
    },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: () => [0, last] },
      y: { range: (_plot, _min, max) => [0, max > 0 ? max : 1] },
    },
    axes: [
      {
        font: AXIS_FONT,
        stroke: AXIS_COLOR,
        grid: { show: false },
        ticks: { show: false },
        gap: 4,
        size: 24,
        space: labelSpace(data.labels),
        incrs: LABEL_STEPS,
        values: (_plot, splits) => splits.map((index) => data.labels[index] ?? ''),
      },
      {
        font: AXIS_FONT,
        stroke: AXIS_COLOR,
        grid: { stroke: GRID_COLOR, width: 1 },
        ticks: { show: false },
        gap: 4,
        size: 40,
        space: 36,
        incrs: VALUE_STEPS,
        values: (_plot, splits) => splits.map((value) => data.axisValue(value)),
      },
    ],
    series: [
      {},
      ...data.lines.map((line): uPlot.Series => ({
        label: line.name,
        stroke: line.color,
        width: 2,
        points: { show: showPoints, size: 5, fill: line.color },
      })),
    ],
  };
}
