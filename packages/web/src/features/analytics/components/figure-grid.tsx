export type Figure = readonly [label: string, value: string];

/** Label-over-value figures in a grid of three (two on the narrowest phones). */
export function FigureGrid({ figures, label }: { figures: readonly Figure[]; label?: string }) {
  return (
    <dl className="an-figures" aria-label={label}>
      {figures.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
