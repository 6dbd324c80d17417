import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BuyPage } from './buy-page';
import { locale } from './texts';
import './buy.css';

/*
 * The customer pages' entry (buy.html, decision 029): the server answers /buy/<sn> and, in demo and test mode,
 * /sandbox-pay/<tx> with the same HTML; the page reads what it shows from its address.
 */

const CashierPage = lazy(() => import('./cashier-page'));

document.documentElement.lang = locale;

const segment = (prefix: string): string | null => {
  const match = new RegExp(`^/${prefix}/([^/]+)`).exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : null;
};

const query = new URLSearchParams(window.location.search);
const tx = segment('sandbox-pay');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {tx !== null ? (
      <Suspense>
        <CashierPage tx={tx} />
      </Suspense>
    ) : (
      <BuyPage sn={segment('buy') ?? ''} order={query.get('order')} token={query.get('t') ?? ''} />
    )}
  </StrictMode>,
);
