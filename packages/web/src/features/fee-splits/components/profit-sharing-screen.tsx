import type { ProfitShare } from '@vendo/contract/api/funds';
import { formatMoney } from '@vendo/contract/money';
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
import feeSplitsTexts from '../../../i18n/resources/fee-splits';
import { can } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useMachines } from '../api/get-machines';
import { useProfitSharing } from '../api/get-profit-sharing';
import { accountText, dayText } from '../utils/accounts';
import {
  PROFIT_PAGE_SIZE,
  PROFIT_RANGE_MODES,
  profitFiltersFromParams,
  profitFiltersToParams,
  type ProfitFilters,
} from '../utils/profit-filters';
import '../../../styles/list-page.css';
import './fee-splits.css';

registerNamespace('feeSplits', feeSplitsTexts);

const ALL = '';

type Figures = Pick<ProfitShare, 'income_amt' | 'refund_amt' | 'net_amt'>;

/** Income, refunds and net of an account, as a row or a total shows them. */
function FigureRow({ figures }: { figures: Figures }) {
  const { t } = useTranslation('feeSplits');
  const locale = currentLocale();
  return (
    <dl className="ps-figures">
      <div>
        <dt>{t('profit.income')}</dt>
        <dd>{formatMoney(figures.income_amt, locale)}</dd>
      </div>
      <div>
        <dt>{t('profit.refund')}</dt>
        <dd>{formatMoney(figures.refund_amt, locale)}</dd>
      </div>
      <div>
        <dt>{t('profit.net')}</dt>
        <dd className="ps-net">{formatMoney(figures.net_amt, locale)}</dd>
      </div>
    </dl>
  );
}

/**
 * /profitSharing (spec §2; issue 16): what each party received from machines whose income was split — the totals
 * per account over the chosen days at the top, then a page of rows per day, machine and account (income, refunds,
 * net). Days and machine live in the address. Money is the server's, in cents, never summed here.
 */
export default function ProfitSharingScreen() {
  const { t } = useTranslation('feeSplits');
  const [params, setParams] = useSearchParams();
  const user = useUserInfo();
  const [now] = useState(Date.now);
  const filters = profitFiltersFromParams(params, { now });
  const shares = useProfitSharing(filters);
  const seesMachines = can(user, 'deviceManage', now);
  const configures = can(user, 'bankCard', now);
  const machines = useMachines(seesMachines);

  const setFilters = (next: ProfitFilters) => setParams(profitFiltersToParams(next, now), { replace: true });
  const change = (patch: Partial<ProfitFilters>) => setFilters({ ...filters, ...patch, page: 1 });

  const machineOptions = [
    { value: ALL, label: t('profit.anyMachine') },
    ...(machines.data?.data ?? []).map((d) => ({
      value: d.sn,
      label: d.title ? `${d.title} (${d.sn})` : d.sn,
    })),
  ];
  if (filters.sn !== null && !machineOptions.some((o) => o.value === filters.sn)) {
    machineOptions.push({ value: filters.sn, label: filters.sn });
  }

  const list = shares.data?.data ?? [];
  const totals = shares.data?.totals ?? [];
  const sandbox = shares.data?.sandbox === true;
  const manual = t('manualAccount');

  return (
    <div className="page ps-page">
      <div className="fs-toolbar">
        {configures ? (
          <Link className="chip" to="/feeSplitting">
            {t('profit.toConfigs')}
            <RightOutline aria-hidden="true" />
          </Link>
        ) : (
          <span />
        )}
        {sandbox ? <span className="sandbox-tag">{t('sandbox')}</span> : null}
      </div>
      <TimeRangePicker
        className="ps-range"
        value={filters.range}
        modes={PROFIT_RANGE_MODES}
        onChange={(range) => change({ range })}
      />
      {seesMachines || filters.sn !== null ? (
        <div className="filter-row ps-filter-row">
          <FilterPicker
            label={t('profit.machine')}
            options={machineOptions}
            value={filters.sn ?? ALL}
            active={filters.sn !== null}
            onChange={(value) => change({ sn: value === ALL ? null : value })}
          />
        </div>
      ) : null}
      {sandbox ? <p className="muted fs-hint">{t('sandboxNote')}</p> : null}
      <ListState
        pending={shares.isPending}
        failed={shares.isError && !shares.data}
        error={shares.error}
        onRetry={() => void shares.refetch()}
        empty={list.length === 0 && totals.length === 0}
        emptyGuide={
          <div className="card">
            <EmptyGuide
              // Chinese sentences follow a full stop without a space.
              description={[t('profit.empty'), t('profit.emptyGuide')].join(
                currentLocale().startsWith('zh') ? '' : ' ',
              )}
            />
          </div>
        }
      >
        <section className="card ps-totals" aria-labelledby="ps-totals-title">
          <h2 id="ps-totals-title" className="card-title">
            {t('profit.totals')}
          </h2>
          <ul className="ps-total-list" aria-label={t('profit.totalsLabel')}>
            {totals.map((total) => (
              <li key={`${total.role}-${total.merchant_id}`} className="ps-total">
                <div className="ps-account">
                  <span className="tag" data-role={total.role}>
                    {t(`roles.${total.role}`)}
                  </span>
                  <span className="ps-account-name">{accountText(total, manual)}</span>
                </div>
                <FigureRow figures={total} />
              </li>
            ))}
          </ul>
        </section>
        {shares.data ? (
          <p className="muted fs-count" aria-live="polite">
            {t('profit.count', { count: shares.data.count })}
          </p>
        ) : null}
        <ul className="card-list" aria-label={t('profit.label')}>
          {list.map((row) => (
            <li
              key={`${row.day}-${row.sn}-${row.role}-${row.merchant_id}`}
              className="card entity-card ps-row"
            >
              <p className="ps-row-head">
                {t('profit.row', { day: dayText(row.day), machine: row.dev_title || row.sn })}
              </p>
              <div className="ps-account">
                <span className="tag" data-role={row.role}>
                  {t(`roles.${row.role}`)}
                </span>
                <span className="ps-account-name">{accountText(row, manual)}</span>
              </div>
              <FigureRow figures={row} />
            </li>
          ))}
        </ul>
        <Pagination
          current={filters.page}
          total={shares.data?.count ?? 0}
          pageSize={PROFIT_PAGE_SIZE}
          onChange={(page) => setFilters({ ...filters, page })}
        />
      </ListState>
    </div>
  );
}
