import type { ReactNode } from 'react';
import { T } from './texts';

/** The customer pages' frame: the header, the sandbox notice while payments are a sandbox, the content. */
export function Frame(props: { title: string; sandbox: boolean; children: ReactNode }) {
  return (
    <>
      <header className="buy-header">
        <h1>{props.title}</h1>
      </header>
      {props.sandbox && <div className="buy-sandbox">{T.sandbox}</div>}
      <main className="buy-main">{props.children}</main>
    </>
  );
}

/** A card with one message: loading, offline, empty, an error. */
export function Notice(props: { children: ReactNode }) {
  return (
    <div className="buy-status" role="status">
      {props.children}
    </div>
  );
}
