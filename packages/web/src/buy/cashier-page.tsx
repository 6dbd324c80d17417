import { useEffect, useState } from 'react';
import { CALLS, post, type Checkout } from './api';
import { Frame, Notice } from './frame';
import { yuan } from './money';
import { T } from './texts';

/*
 * The sandbox payment provider's cashier (/sandbox-pay/<tx>), where a real provider would show its own: pay or
 * cancel, then back to the page the payment was made from. A dev route (decision 019): the server serves it only
 * in demo and test mode, and main.tsx loads this file only on that path, so a customer never downloads it.
 */

/** How long a finished transaction's state shows before the browser goes back. */
const RETURN_MS = 600;

type View = { name: 'loading' } | { name: 'checkout'; checkout: Checkout } | { name: 'error'; msg: string };

export default function CashierPage(props: { tx: string }) {
  const [view, setView] = useState<View>({ name: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = T.checkout;
    post(CALLS.getSandboxCheckout, { tx: props.tx }).then(
      (answer) =>
        setView(
          answer.ok ? { name: 'checkout', checkout: answer.result } : { name: 'error', msg: answer.msg },
        ),
      () => setView({ name: 'error', msg: T.error }),
    );
  }, [props.tx]);

  const checkout = view.name === 'checkout' ? view.checkout : null;
  useEffect(() => {
    if (!checkout || checkout.state === 'pending') return undefined;
    const timer = setTimeout(() => window.location.assign(checkout.return_url), RETURN_MS);
    return () => clearTimeout(timer);
  }, [checkout]);

  const act = (action: 'pay' | 'cancel') => {
    setBusy(true);
    post(CALLS.sandboxPay, { tx: props.tx, action }).then(
      (answer) => {
        if (answer.ok) window.location.assign(answer.result.return_url);
        else setView({ name: 'error', msg: answer.msg });
      },
      () => {
        setBusy(false);
        setView({ name: 'error', msg: T.error });
      },
    );
  };

  return (
    <Frame title={T.checkout} sandbox>
      {view.name === 'loading' && <Notice>{T.loading}</Notice>}
      {view.name === 'error' && <Notice>{view.msg}</Notice>}
      {checkout && (
        <div className="buy-status">
          <p className="buy-big">
            {T[checkout.channel]} · {T.checkout}
          </p>
          <div className="buy-muted">{checkout.description}</div>
          <div className="buy-amount">{yuan(checkout.amount)}</div>
          {checkout.state === 'pending' ? (
            <>
              <button
                type="button"
                className={`buy-button buy-${checkout.channel}`}
                disabled={busy}
                onClick={() => act('pay')}
              >
                {T.pay}
              </button>
              <button
                type="button"
                className="buy-button buy-ghost"
                disabled={busy}
                onClick={() => act('cancel')}
              >
                {T.cancel}
              </button>
            </>
          ) : (
            <p role="status">{checkout.state === 'paid' ? T.paid : T.closedPay}</p>
          )}
        </div>
      )}
    </Frame>
  );
}
