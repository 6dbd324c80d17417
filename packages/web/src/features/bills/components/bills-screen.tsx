import type { Bill } from '@vendo/contract/api/orders';
import { PAYMENT_LABELS, PAYMENTS } from '@vendo/contract/enums';
import { FilterOutline, SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { FilterPicker } from '../../../components/filter-picker/filter-picker';
import { ListState } from '../../../components/list-state/list-state';
import { useOperGuard } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { Pagination } from '../../../components/pagination/pagination';
import { ReportDownload } from '../../../components/report-download/report-download';
import { TimeRangePicker } from '../../../components/time-range-picker/time-range-picker';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import billsTexts from '../../../i18n/resources/bills';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { hasPermission } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useBuyBill } from '../api/get-buy-bill';
import { usePayBill } from '../api/get-pay-bill';
import { useStoreOptions } from '../api/get-store-options';
import {
  billCondition,
  filtersFromParams,
  filtersToParams,
  rangeModes,
  textFilterCount,
  type BillFilters,
} from '../utils/bill-filters';
import { BILL_PAGE_SIZE } from '../utils/bills';
import { billStatusOptions } from '../utils/status-options';
import { AnalysisCard } from './analysis-card';
import { BillCard } from './bill-card';
import './bills.css';

registerNamespace('bills', billsTexts);

const BillSheet = lazyComponent(() => import('./bill-sheet').then((m) => m.BillSheet));
const FilterSheet = lazyComponent(() => import('./filter-sheet').then((m) => m.FilterSheet));
const CardSheet = lazyComponent(() => import('./card-sheet').then((m) => m.CardSheet));

const ALL = 'all';

export type BillKind = 'buy' | 'pay';

type BillQuery = ReturnType<typeof useBuyBill>;

interface ResultsProps {
  filters: BillFilters;
  onPage: (page: number) => void;
  onCard: (cardno: string) => void;
}

function BuyResults(props: ResultsProps) {
  return <BillResults query={useBuyBill(props.filters)} {...props} />;
}

function PayResults(props: ResultsProps) {
  return <BillResults query={usePayBill(props.filters)} {...props} />;
}

/** The analysis, the bill cards and the page switcher; a tapped bill opens its detail (and refund). */
function BillResults({ query, filters, onPage, onCard }: ResultsProps & { query: BillQuery }) {
  const { t } = useTranslation('bills');
  const user = useUserInfo();
  const guard = useOperGuard();
  const [open, setOpen] = useState(false);
  const [orderno, setOrderno] = useState<string | null>(null);
  // A detail belongs to the list it was opened from: following a card's order to another list closes it.
  const listKey = JSON.stringify(filters);
  const [openedOn, setOpenedOn] = useState(listKey);
  if (open && openedOn !== listKey) setOpen(false);
  const opened = useOpenedOnce(open);
  const list = query.data?.data ?? [];
  // The detail follows the list, so that it shows the bill as it is after a refund.
  const [last, setLast] = useState<Bill | null>(null);
  const current = list.find((b) => b.orderno === orderno) ?? null;
  if (current && current !== last) setLast(current);
  const shown = current ?? last;
  const mayRefund = user !== null && hasPermission(user, 'BillRefund');
  const seesShelves = user !== null && hasPermission(user, 'DeviceManage');
  return (
    <>
      {query.data ? <AnalysisCard analysis={query.data.analysis} /> : null}
      <ListState
        pending={query.isPending}
        failed={query.isError && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={list.length === 0}
        emptyGuide={<EmptyGuide description={filters.abnormal ? t('emptyAbnormal') : t('empty')} />}
      >
        <ul className="bill-list" aria-label={t('listLabel')}>
          {list.map((bill) => (
            <BillCard
              key={bill.orderno}
              bill={bill}
              onOpen={(b) => {
                setOrderno(b.orderno);
                setLast(b);
                setOpenedOn(listKey);
                setOpen(true);
              }}
            />
          ))}
        </ul>
        <Pagination
          current={filters.page}
          total={query.data?.count ?? 0}
          pageSize={BILL_PAGE_SIZE}
          onChange={onPage}
        />
      </ListState>
      {opened && shown ? (
        <BillSheet
          visible={open}
          bill={shown}
          mayRefund={mayRefund}
          seesShelves={seesShelves}
          guard={guard}
          onCard={onCard}
          onClose={() => setOpen(false)}
        />
      ) : null}
      {guard.popup}
    </>
  );
}

/**
 * A bill list (spec §2 /buyBill, /payBill): the time range (today by default), status and payment chips, the
 * other conditions in a sheet, the card lookup, the analysis, and the bills 10 a page. Every condition lives in
 * the address, so reload, back and forward keep them. /buyBill?abnormal=true lists only the pending abnormal
 * orders, of any day by default (the home alert's link and count).
 */
export function BillsScreen({ kind }: { kind: BillKind }) {
  const { t } = useTranslation('bills');
  const locale = currentLocale();
  const user = useUserInfo();
  const [params, setParams] = useSearchParams();
  // One instant for the screen's life: the filters (and so the query keys) do not change from render to render.
  const [now] = useState(Date.now);
  const filters = filtersFromParams(params, { canBeAbnormal: kind === 'buy', now });
  const [filterOpen, setFilterOpen] = useState(false);
  const filterOpened = useOpenedOnce(filterOpen);
  const [card, setCard] = useState({ open: false, cardno: '', opening: 0 });
  const cardOpened = useOpenedOnce(card.open);
  const seesCards = user !== null && hasPermission(user, 'BuyBill');

  const setFilters = (next: BillFilters) => setParams(filtersToParams(next, { now }), { replace: true });
  const change = (patch: Partial<BillFilters>) => setFilters({ ...filters, ...patch, page: 1 });
  const openCard = (cardno: string) => setCard((c) => ({ open: true, cardno, opening: c.opening + 1 }));
  const textCount = textFilterCount(filters);
  const stores = useStoreOptions().data?.data ?? [];

  const statusOptions = [
    { value: ALL, label: t('filters.anyStatus') },
    ...billStatusOptions(locale).map(({ value, label }) => ({ value: String(value), label })),
  ];
  const clientOptions = [
    { value: ALL, label: t('filters.anyClient') },
    ...PAYMENTS.map((v) => ({ value: v, label: PAYMENT_LABELS[v][locale] })),
  ];
  const results = {
    filters,
    onPage: (page: number) => setFilters({ ...filters, page }),
    onCard: openCard,
  };

  return (
    <div className="page bill-page">
      <TimeRangePicker
        value={filters.range}
        modes={rangeModes(filters.abnormal)}
        onChange={(range) => change({ range })}
      />
      <div className="bill-filter-row">
        <FilterPicker
          label={t('filters.status')}
          options={statusOptions}
          value={filters.status === null ? ALL : String(filters.status)}
          active={filters.status !== null}
          onChange={(value) => change({ status: value === ALL ? null : Number(value) })}
        />
        <FilterPicker
          label={t('filters.client')}
          options={clientOptions}
          value={filters.client ?? ALL}
          active={filters.client !== null}
          onChange={(value) => change({ client: value === ALL ? null : value })}
        />
        {/* One store has nothing to choose between; a chosen store stays shown so it can be undone. */}
        {stores.length > 1 || filters.store !== null ? (
          <FilterPicker
            label={t('filters.store')}
            options={[
              { value: ALL, label: t('filters.anyStore') },
              ...stores.map((s) => ({ value: String(s._id), label: s.store_name })),
            ]}
            value={filters.store === null ? ALL : String(filters.store)}
            placeholder={t('filters.store')}
            active={filters.store !== null}
            onChange={(value) => change({ store: value === ALL ? null : Number(value) })}
          />
        ) : null}
        <button
          type="button"
          className="chip"
          aria-haspopup="dialog"
          aria-pressed={textCount > 0}
          onClick={() => setFilterOpen(true)}
        >
          <FilterOutline aria-hidden="true" />
          <span>{textCount > 0 ? `${t('filters.more')} (${textCount})` : t('filters.more')}</span>
        </button>
        {seesCards ? (
          <button type="button" className="chip" aria-haspopup="dialog" onClick={() => openCard('')}>
            <SearchOutline aria-hidden="true" />
            <span>{t('filters.cardLookup')}</span>
          </button>
        ) : null}
        <ReportDownload
          kind={kind === 'buy' ? 'buyBill' : 'payBill'}
          condition={{
            ...billCondition(filters),
            ...(filters.abnormal ? { abnormal: true } : {}),
          }}
          range={filters.range}
          subject={t(filters.abnormal ? 'report.abnormal' : `report.${kind}`)}
        />
      </div>
      {filters.abnormal ? (
        <p className="muted bill-abnormal-note">
          {t('abnormalOnly')} <Link to="/buyBill">{t('showAll')}</Link>
        </p>
      ) : null}
      {kind === 'buy' ? <BuyResults {...results} /> : <PayResults {...results} />}
      {filterOpened ? (
        <FilterSheet
          visible={filterOpen}
          value={filters}
          onClose={() => setFilterOpen(false)}
          onApply={(next) => {
            change(next);
            setFilterOpen(false);
          }}
        />
      ) : null}
      {cardOpened ? (
        <CardSheet
          key={card.opening}
          visible={card.open}
          cardno={card.cardno}
          onClose={() => setCard((c) => ({ ...c, open: false }))}
        />
      ) : null}
    </div>
  );
}
