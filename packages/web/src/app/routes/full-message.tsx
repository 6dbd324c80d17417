import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

export interface FullMessageProps {
  /** An antd-mobile icon; each screen imports only its own, keeping the others out of its chunk. */
  icon: ReactNode;
  tone?: 'error' | 'success';
  title: ReactNode;
  text?: ReactNode;
  action?: { label: ReactNode; onClick: () => void };
}

/** A whole-screen statement: the gate, not found, coming soon, error and success pages. */
export function FullMessage({ icon, tone, title, text, action }: FullMessageProps) {
  return (
    <section className="full-message">
      <span className="full-message-icon" data-tone={tone} aria-hidden="true">
        {icon}
      </span>
      <h2>{title}</h2>
      {text ? <p>{text}</p> : null}
      {action ? (
        <Button color="primary" size="large" shape="rounded" onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </section>
  );
}
