import type { ReactNode } from 'react';
import './card-actions.css';

export interface CardAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  tone?: 'danger' | 'primary';
  disabled?: boolean;
}

/** The row of actions at the foot of a card: icon over a short label, every one a full-size touch target. */
export function CardActions({ actions, label }: { actions: CardAction[]; label: string }) {
  return (
    <div className="card-actions" role="group" aria-label={label}>
      {actions.map((action) => (
        <button
          key={action.key}
          type="button"
          className="card-action"
          data-tone={action.tone}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          <span className="card-action-icon" aria-hidden="true">
            {action.icon}
          </span>
          <span>{action.label}</span>
        </button>
      ))}
    </div>
  );
}
