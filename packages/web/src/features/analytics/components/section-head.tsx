import type { ReactNode } from 'react';

/** A card's title with an action at its right (the download, a switch). */
export function SectionHead({ title, id, children }: { title: string; id?: string; children?: ReactNode }) {
  return (
    <div className="an-section-head">
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </div>
  );
}
