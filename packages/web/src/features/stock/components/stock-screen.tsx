import { RCODE } from '@vendo/contract/rcodes';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showTip } from '../../../components/dialog/app-dialog';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ExpiredAppGuide } from '../../../components/empty-guide/expired-app-guide';
import { registerNamespace } from '../../../i18n/i18n';
import stockTexts from '../../../i18n/resources/stock';
import { ApiError } from '../../../lib/api-client';
import { useUserInfo } from '../../../lib/session';
import { useStockTotals } from '../api/get-stock-totals';
import { stockAccess } from '../utils/stock-access';
import { Sheet } from './form-sheet';
import { LowStock } from './low-stock';
import { RestockBill } from './restock-bill';
import { StockEntries } from './stock-entries';
import { StockLog } from './stock-log';
import { StockTotals } from './stock-totals';
import { StoreStock } from './store-stock';
import './stock.css';

registerNamespace('stock', stockTexts);

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
      onContact={() => void showTip(t('contactText'), { title: t('contactTitle') })}
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
  // A call answering APP_EXPIRED (the app lapsed after login) turns the screen into the guide too.
  const probe = useStockTotals({ page: 1, name: '' });

  if (probe.error instanceof ApiError && probe.error.rcode === RCODE.APP_EXPIRED) return <StockAppGuide />;

  const go = (next: { tab: StockTab; store?: number | null; bill?: boolean }, push = false) => {
    const search = new URLSearchParams({ tab: next.tab });
    const nextStore = next.store === undefined ? store : next.store;
    if (nextStore !== null) search.set('store', String(nextStore));
    if (next.bill) search.set('view', 'bill');
    setParams(search, { replace: !push });
  };

  return (
    <div className="stock-page">
      <Tabs
        className="stock-tabs"
        activeKey={tab}
        onChange={(key) => go({ tab: isTab(key) ? key : 'totals' })}
      >
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={t(`tabs.${key}`)} />
        ))}
      </Tabs>
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
      <Sheet visible={billOpen} onClose={() => go({ tab, store })}>
        {(store ?? billStore) !== null ? (
          <RestockBill store={store ?? billStore ?? 0} onClose={() => go({ tab, store })} />
        ) : null}
      </Sheet>
    </div>
  );
}

/** /stock: gated by the Stock app and permission 1037 (spec §6). */
export default function StockScreen() {
  const { t } = useTranslation('stock');
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const access = stockAccess(user, now);
  if (access === 'noApp') return <StockAppGuide />;
  if (access === 'noPermission') return <EmptyGuide description={t('noPermission')} />;
  return <StockTabs />;
}
