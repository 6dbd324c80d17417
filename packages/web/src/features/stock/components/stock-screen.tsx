import type { RCODE } from '@vendo/contract/rcodes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadDialogs } from '../../../components/dialog/load-dialogs';
import { ExpiredAppGuide } from '../../../components/empty-guide/expired-app-guide';
import { Tabs } from '../../../components/tabs/tabs';
import { registerNamespace } from '../../../i18n/i18n';
import stockTexts from '../../../i18n/resources/stock';
import { ApiError } from '../../../lib/api-client';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { useUserInfo } from '../../../lib/session';
import { useStockTotals } from '../api/get-stock-totals';
import { stockAccess } from '../utils/stock-access';
import { LowStock } from './low-stock';
import { StockEntries } from './stock-entries';
import { StockLog } from './stock-log';
import { StockTotals } from './stock-totals';
import { StoreStock } from './store-stock';
import '../../../styles/list-page.css';
import './stock.css';

registerNamespace('stock', stockTexts);

// Typed against the contract's catalogue (a renumbering fails typecheck) without loading the catalogue's texts.
const APP_EXPIRED: (typeof RCODE)['APP_EXPIRED'] = 605;

// The restock bill opens from a store card or the store tab; its sheet loads with it.
const RestockBillSheet = lazyComponent(() => import('./restock-bill').then((m) => m.RestockBillSheet));

const TABS = ['totals', 'entries', 'stores', 'low', 'log'] as const;
type StockTab = (typeof TABS)[number];

function isTab(value: string | null): value is StockTab {
  return (TABS as readonly (string | null)[]).includes(value);
}

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The guide for a missing or expired Stock app (spec §4, §6): the screen exists, the module does not. */
function StockAppGuide() {
  const { t } = useTranslation('stock');
  return (
    <ExpiredAppGuide
      description={t('appExpired')}
      onContact={() =>
        void loadDialogs().then(({ showTip }) => showTip(t('contactText'), { title: t('contactTitle') }))
      }
    />
  );
}

/**
 * The tabs of /stock. The tab, the store and the open restock bill live in the address, so a store card's
 * "restock bill" (/stock?store=ID&view=bill) opens straight onto it and the back button closes it.
 */
function StockTabs() {
  const { t } = useTranslation('stock');
  const [params, setParams] = useSearchParams();
  const store = positiveId(params.get('store'));
  const billOpen = params.get('view') === 'bill' && store !== null;
  const tabParam = params.get('tab');
  const tab: StockTab = isTab(tabParam) ? tabParam : store !== null ? 'stores' : 'totals';
  // The bill keeps its store while the sheet slides away.
  const [billStore, setBillStore] = useState<number | null>(store);
  const billOpened = useOpenedOnce(billOpen);
  // A call answering APP_EXPIRED (the app lapsed after login) turns the screen into the guide too.
  const probe = useStockTotals({ page: 1, name: '' });

  if (probe.error instanceof ApiError && probe.error.rcode === APP_EXPIRED) return <StockAppGuide />;

  const go = (next: { tab: StockTab; store?: number | null; bill?: boolean }, push = false) => {
    const search = new URLSearchParams({ tab: next.tab });
    const nextStore = next.store === undefined ? store : next.store;
    if (nextStore !== null) search.set('store', String(nextStore));
    if (next.bill) search.set('view', 'bill');
    setParams(search, { replace: !push });
  };

  return (
    <div className="stock-page">
      <Tabs<StockTab>
        className="stock-tabs"
        tabs={TABS.map((key) => ({ key, title: t(`tabs.${key}`) }))}
        activeKey={tab}
        onChange={(key) => go({ tab: key })}
      />
      <div className="page">
        {tab === 'totals' ? <StockTotals /> : null}
        {tab === 'entries' ? <StockEntries /> : null}
        {tab === 'stores' ? (
          <StoreStock
            store={store}
            onStoreChange={(id) => go({ tab: 'stores', store: id })}
            onBill={(id) => {
              setBillStore(id);
              go({ tab: 'stores', store: id, bill: true }, true);
            }}
          />
        ) : null}
        {tab === 'low' ? <LowStock /> : null}
        {tab === 'log' ? <StockLog /> : null}
      </div>
      {billOpened && (store ?? billStore) !== null ? (
        <RestockBillSheet
          visible={billOpen}
          store={store ?? billStore ?? 0}
          onClose={() => go({ tab, store })}
        />
      ) : null}
    </div>
  );
}

/** /stock: gated by the Stock app (here, with its guide) and permission 1037 (the route table; spec §6). */
export default function StockScreen() {
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  if (stockAccess(user, now) === 'noApp') return <StockAppGuide />;
  return <StockTabs />;
}
