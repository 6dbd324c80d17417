import { MANUAL_ACCOUNT_FILTER, type Settlement } from '@vendo/contract/api/funds';
import { SETTLEMENT_LABELS } from '@vendo/contract/enums';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { FilterPicker } from '../../../components/filter-picker/filter-picker';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { TimeRangePicker } from '../../../components/time-range-picker/time-range-picker';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import fundsTexts from '../../../i18n/resources/funds';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { useFunds } from '../api/get-funds';
import { useSettle } from '../api/get-settle';
import { bankName, cardTail } from '../utils/funds';
import {
  accountFilterOf,
  filtersFromParams,
  filtersToParams,
  SETTLE_FILTER_STATES,
  SETTLE_PAGE_SIZE,
  SETTLE_RANGE_MODES,
  type SettleFilters,
} from '../utils/settle-filters';
import { SandboxTag } from './sandbox-tag';
import { SettleCard } from './settle-card';
import './funds.css';

registerNamespace('funds', fundsTexts);

const SettleSheet = lazyComponent(() => import('./settle-sheet').then((m) => m.SettleSheet));

const ALL = 'all';

/**
 * /settle (spec §2, §3 settlement, §4 its states): the settlement records, newest day first, filtered by days,
 * state and payout account (all in the address, so /fund links to one account's records and reload keeps them),
 * 10 a page; a tapped record opens its detail with the orders and refunds it covers.
 */
export default function SettleScreen() {
  const { t } = useTranslation('funds');
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const [now] = useState(Date.now);
  const filters = filtersFromParams(params, { now });
  const records = useSettle(filters);
  const funds = useFunds();
  const [opened, setOpened] = useState<{ record: Settlement; open: boolean } | null>(null);
  const sheetOpened = useOpenedOnce(opened?.open === true);

  const setFilters = (next: SettleFilters) => setParams(filtersToParams(next), { replace: true });
  const change = (patch: Partial<SettleFilters>) => setFilters({ ...filters, ...patch, page: 1 });

  const statusOptions = [
    { value: ALL, label: t('settle.anyStatus') },
    ...SETTLE_FILTER_STATES.map((s) => ({ value: s, label: SETTLEMENT_LABELS[s][locale] })),
  ];
  // Cards first, then the manual-transfer account (named by MANUAL_ACCOUNT_FILTER, its merchant_id being '').
  const accounts = [...(funds.data?.data ?? [])].sort((a, b) => a.manual_transfer - b.manual_transfer);
  const accountOptions = [
    { value: ALL, label: t('settle.anyAccount') },
    ...accounts.map((a) => ({
      value: accountFilterOf(a),
      // The bank and the card's last digits: short enough for the chip, enough to tell the cards apart.
      label:
        a.manual_transfer === 1
          ? t('manualAccount')
          : [bankName(a.bank_code, locale) ?? a.bank_code, `••••\u00a0${cardTail(a.acct_no_encry)}`].join(
              ' ',
            ),
    })),
  ];
  // An account the address names but the list lacks (still loading, or removed) shows as its number.
  if (filters.account !== null && !accountOptions.some((o) => o.value === filters.account)) {
    accountOptions.push({
      value: filters.account,
      label: filters.account === MANUAL_ACCOUNT_FILTER ? t('manualAccount') : `#${filters.account}`,
    });
  }

  const list = records.data?.data ?? [];
  const sandbox = records.data?.sandbox === true;

  return (
    <div className="page settle-page">
      <div className="settle-top">
        <Link className="chip" to="/fund">
          {t('settle.toFunds')}
          <RightOutline aria-hidden="true" />
        </Link>
        {sandbox ? <SandboxTag /> : null}
      </div>
      <TimeRangePicker
        className="settle-range"
        value={filters.range}
        modes={SETTLE_RANGE_MODES}
        onChange={(range) => change({ range })}
      />
      <div className="settle-filter-row">
        <FilterPicker
          label={t('settle.status')}
          options={statusOptions}
          value={filters.status ?? ALL}
          active={filters.status !== null}
          onChange={(value) => change({ status: SETTLE_FILTER_STATES.find((s) => s === value) ?? null })}
        />
        <FilterPicker
          label={t('settle.account')}
          options={accountOptions}
          value={filters.account ?? ALL}
          active={filters.account !== null}
          onChange={(value) => change({ account: value === ALL ? null : value })}
        />
      </div>
      {records.data ? (
        <p className="muted settle-count" aria-live="polite">
          {t('settle.count', { count: records.data.count })}
        </p>
      ) : null}
      <ListState
        pending={records.isPending}
        failed={records.isError && !records.data}
        error={records.error}
        onRetry={() => void records.refetch()}
        empty={list.length === 0}
        emptyGuide={<EmptyGuide description={t('settle.empty')} />}
      >
        <ul className="settle-list" aria-label={t('settle.listLabel')}>
          {list.map((record) => (
            <SettleCard
              key={record.id}
              record={record}
              onOpen={(r) => setOpened({ record: r, open: true })}
            />
          ))}
        </ul>
        <Pagination
          current={filters.page}
          total={records.data?.count ?? 0}
          pageSize={SETTLE_PAGE_SIZE}
          onChange={(page) => setFilters({ ...filters, page })}
        />
      </ListState>
      {sheetOpened && opened ? (
        <SettleSheet
          key={opened.record.id}
          visible={opened.open}
          record={opened.record}
          sandbox={sandbox}
          onClose={() => setOpened((o) => (o ? { ...o, open: false } : o))}
        />
      ) : null}
    </div>
  );
}
