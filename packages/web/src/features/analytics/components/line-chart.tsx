import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { lineChartOptions, lineChartSeries, type LineChartData } from '../utils/chart-option';

export interface LineChartProps {
  data: LineChartData;
  /** What the chart shows, for screen readers (the figures themselves are in the cards around it). */
  label: string;
}

/** The point under the cursor (a tap on a phone): its index and where it is across the plot, in CSS pixels. */
interface Cursor {
  index: number;
  left: number;
  width: number;
}

/**
 * A line chart drawn by uPlot on a canvas (docs/decisions/027-dashboard-charts.md); its module brings uPlot, so
 * screens load it through chart.tsx, never directly. The legend and the tooltip are ours, in React: plain text
 * in the page (nothing written as HTML), styled by the stylesheet and by CSSOM properties, which the content
 * security policy allows. A tap shows the tooltip of the nearest bucket; a tap elsewhere hides it.
 */
export function LineChart({ data, label }: LineChartProps) {
  const plotBox = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);

  useEffect(() => {
    const node = plotBox.current;
    if (!node) return;
    const options = lineChartOptions(data, node.clientWidth, node.clientHeight);
    options.hooks = {
      setCursor: [
        (plot) => {
          const index = plot.cursor.idx;
          setCursor(
            index === null || index === undefined
              ? null
              : { index, left: plot.over.offsetLeft + plot.valToPos(index, 'x'), width: node.clientWidth },
          );
        },
      ],
    };
    const plot = new uPlot(options, lineChartSeries(data), node);
    const observer = new ResizeObserver(() =>
      plot.setSize({ width: node.clientWidth, height: node.clientHeight }),
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      plot.destroy();
      setCursor(null);
    };
  }, [data]);

  const tip = cursor ? data.tip(cursor.index) : null;
  return (
    <div className="an-chart-body">
      <ul className="an-chart-legend">
        {data.lines.map((line) => (
          <li key={line.name}>
            <span className="an-chart-swatch" style={{ background: line.color }} aria-hidden="true" />
            {line.name}
          </li>
        ))}
      </ul>
      <div className="an-chart-area" role="img" aria-label={label}>
        <div ref={plotBox} className="an-chart-plot" />
        {cursor && tip ? (
          <div
            className="an-chart-tip"
            style={
              // Beside the point, on whichever side has more room, so that it stays inside the chart.
              cursor.left > cursor.width / 2
                ? { right: cursor.width - cursor.left + 10 }
                : { left: cursor.left + 10 }
            }
          >
            <div className="an-chart-tip-title">{tip.title}</div>
            {tip.rows.map(([name, value]) => (
              <div key={name} className="an-chart-tip-row">
                <span>{name}</span>
                <b>{value}</b>
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
