import type { Bill } from '@vendo/contract/api/orders';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_LABELS, PAYMENTS } from '@vendo/contract/enums';
import { FilterOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { FilterPicker } from '../../../components/filter-picker/filter-picker';
import { ListState } from '../../../components/list-state/list-state';
import { useOperGuard } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { Pagination } from '../../../components/pagination/pagination';
import { TimeRangePicker } from '../../../components/time-range-picker/time-range-picker';
import { initialRange, type TimeRange } from '../../../components/time-range-picker/time-range';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import billsTexts from '../../../i18n/resources/bills';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { hasPermission } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { NO_TEXT_FILTERS, type BillFilters, type TextFilters } from '../api/bill-filters';
import { useBuyBill } from '../api/get-buy-bill';
import { usePayBill } from '../api/get-pay-bill';
import { BILL_PAGE_SIZE } from '../utils/bills';
import { AnalysisCard } from './analysis-card';
import { BillCard } from './bill-card';
import './bills.css';

registerNamespace('bills', billsTexts);

const BillSheet = lazyComponent(() => import('./bill-sheet').then((m) => m.BillSheet));
const FilterSheet = lazyComponent(() => import('./filter-sheet').then((m) => m.FilterSheet));

const ALL = 'all';

export type BillKind = 'buy' | 'pay';

interface ChipFilters {
  status: number | null;
  client: string | null;
}

type BillQuery = ReturnType<typeof useBuyBill>;

interface ResultsProps {
  filters: BillFilters;
  onPage: (page: number) => void;
}

function BuyResults(props: ResultsProps) {
  return <BillResults query={useBuyBill(props.filters)} {...props} />;
}

function PayResults(props: ResultsProps) {
  return <BillResults query={usePayBill(props.filters)} {...props} />;
}

/** The analysis, the bill cards and the page switcher; a tapped bill opens its detail (and refund). */
function BillResults({ query, filters, onPage }: ResultsProps & { query: BillQuery }) {
  const { t } = useTranslation('bills');
  const user = useUserInfo();
  const guard = useOperGuard();
  const [open, setOpen] = useState(false);
  const [orderno, setOrderno] = useState<string | null>(null);
  const opened = useOpenedOnce(open);
  const list = query.data?.data ?? [];
  // The detail follows the list, so that it shows the bill as it is after a refund.
  const [last, setLast] = useState<Bill | null>(null);
  const current = list.find((b) => b.orderno === orderno) ?? null;
  if (current && current !== last) setLast(current);
  const shown = current ?? last;
  const mayRefund = user !== null && hasPermission(user, 'BillRefund');
  return (
    <>
      {query.data ? <AnalysisCard analysis={query.data.analysis} /> : null}
      <ListState
        pending={query.isPending}
        failed={query.isError && !query.data}
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
          guard={guard}
          onClose={() => setOpen(false)}
        />
      ) : null}
      {guard.popup}
    </>
  );
}

/**
 * A bill list (spec §2 /buyBill, /payBill): the time range (today by default), status and payment chips, the
 * other conditions in a sheet, the analysis, and the bills 10 a page. /buyBill?abnormal=true lists only the
 * pending abnormal orders (the home alert's link).
 */
export function BillsScreen({ kind }: { kind: BillKind }) {
  const { t } = useTranslation('bills');
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const abnormal = kind === 'buy' && params.get('abnormal') === 'true';
  const [range, setRange] = useState<TimeRange>(() =>
    // Abnormal orders wait from any day: the home alert's list opens on the month.
    initialRange(abnormal ? 'month' : 'day', Date.now()),
  );
  const [chips, setChips] = useState<ChipFilters>({ status: null, client: null });
  const [text, setText] = useState<TextFilters>(NO_TEXT_FILTERS);
  const [page, setPage] = useState(1);
  const [filterOpen, setFilterOpen] = useState(false);
  const filterOpened = useOpenedOnce(filterOpen);

  const filters: BillFilters = {
    page,
    start: range.start,
    end: range.end,
    status: chips.status,
    client: chips.client,
    ...text,
    abnormal,
  };
  const textCount =
    [text.sn, text.orderNo, text.cardno, text.merchantOrder].filter(Boolean).length +
    (text.priceStart !== undefined || text.priceEnd !== undefined ? 1 : 0);

  const statusOptions = [
    { value: ALL, label: t('filters.anyStatus') },
    ...ORDER_STATUSES.map((v) => ({ value: String(v), label: ORDER_STATUS_LABELS[v][locale] })),
  ];
  const clientOptions = [
    { value: ALL, label: t('filters.anyClient') },
    ...PAYMENTS.map((v) => ({ value: v, label: PAYMENT_LABELS[v][locale] })),
  ];
  const results = { filters, onPage: setPage };

  return (
    <div className="page bill-page">
      <TimeRangePicker
        value={range}
        onChange={(next) => {
          setRange(next);
          setPage(1);
        }}
      />
      <div className="bill-filter-row">
        <FilterPicker
          label={t('filters.status')}
          options={statusOptions}
          value={chips.status === null ? ALL : String(chips.status)}
          active={chips.status !== null}
          onChange={(value) => {
            setChips((c) => ({ ...c, status: value === ALL ? null : Number(value) }));
            setPage(1);
          }}
        />
        <FilterPicker
          label={t('filters.client')}
          options={clientOptions}
          value={chips.client ?? ALL}
          active={chips.client !== null}
          onChange={(value) => {
            setChips((c) => ({ ...c, client: value === ALL ? null : value }));
            setPage(1);
          }}
        />
        <button
          type="button"
          className="bill-chip"
          aria-haspopup="dialog"
          aria-pressed={textCount > 0}
          onClick={() => setFilterOpen(true)}
        >
          <FilterOutline aria-hidden="true" />
          <span>{textCount > 0 ? `${t('filters.more')} (${textCount})` : t('filters.more')}</span>
        </button>
        {abnormal ? (
          <Link
            to="/buyBill"
            onClick={(event) => {
              event.preventDefault();
              setParams({}, { replace: true });
              setPage(1);
            }}
          >
            {t('showAll')}
          </Link>
        ) : null}
      </div>
      {abnormal ? <p className="muted">{t('abnormalOnly')}</p> : null}
      {kind === 'buy' ? <BuyResults {...results} /> : <PayResults {...results} />}
      {filterOpened ? (
        <FilterSheet
          visible={filterOpen}
          value={text}
          onClose={() => setFilterOpen(false)}
          onApply={(next) => {
            setText(next);
            setPage(1);
            setFilterOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
