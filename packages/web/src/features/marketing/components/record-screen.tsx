import { RECORD_KIND_LABELS, RECORD_KINDS, type RecordKind } from '@vendo/contract/api/marketing';
import { formatMoney } from '@vendo/contract/money';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { FilterPicker } from '../../../components/filter-picker/filter-picker';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { TimeRangePicker } from '../../../components/time-range-picker/time-range-picker';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import marketingTexts from '../../../i18n/resources/marketing';
import { formatDateTime } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy-component';
import { mayDownloadReportCode } from '../utils/record-permissions';
import { useUserInfo } from '../../../lib/session';
import { RECORD_PAGE_SIZE, useMachines, useRecords } from '../api/marketing-api';
import {
  RECORD_RANGE_MODES,
  recordFiltersFromParams,
  recordFiltersToParams,
  type RecordFilters,
} from '../utils/record-filters';
import '../../../styles/list-page.css';
import './marketing.css';

registerNamespace('marketing', marketingTexts);

const RecordDownload = lazyComponent(() => import('./record-download').then((m) => m.RecordDownloadSheet));

const ALL = '';

/**
 * /record (spec §2; issue 17): coupon receipts and uses, voucher redemptions and referrer sales in one list,
 * newest first, in the picker's range (today first), by kind and machine, paged; downloadable (1033) as XLSX or
 * CSV. The filters live in the address. Main account only (the route's access and the server).
 */
export default function RecordScreen() {
  const { t } = useTranslation('marketing');
  const locale = currentLocale();
  const user = useUserInfo();
  const [now] = useState(Date.now);
  const [params, setParams] = useSearchParams();
  const filters = recordFiltersFromParams(params, { now });
  const setFilters = (next: RecordFilters) => setParams(recordFiltersToParams(next, now), { replace: true });
  const [download, setDownload] = useState<{ open: boolean; key: number } | null>(null);
  const records = useRecords(filters);
  const machines = useMachines();
  const list = records.data?.data ?? [];
  const change = (patch: Partial<RecordFilters>) => setFilters({ ...filters, ...patch, page: 1 });

  const kindOptions = [
    { value: ALL, label: t('record.anyKind') },
    ...RECORD_KINDS.map((k) => ({ value: k, label: RECORD_KIND_LABELS[k][locale] })),
  ];
  const machineOptions = [
    { value: ALL, label: t('record.anyMachine') },
    ...(machines.data?.data ?? []).map((d) => ({
      value: d.sn,
      label: d.title ? `${d.title} (${d.sn})` : d.sn,
    })),
  ];
  const kindText = filters.kind ? RECORD_KIND_LABELS[filters.kind][locale] : t('record.anyKind');

  return (
    <div className="page record-page">
      <TimeRangePicker
        value={filters.range}
        modes={RECORD_RANGE_MODES}
        onChange={(range) => change({ range })}
      />
      <div className="filter-row record-filters">
        <FilterPicker
          label={t('record.kind')}
          options={kindOptions}
          value={filters.kind ?? ALL}
          active={filters.kind !== null}
          onChange={(value) => change({ kind: value === ALL ? null : (value as RecordKind) })}
        />
        <FilterPicker
          label={t('record.machine')}
          options={machineOptions}
          value={filters.sn ?? ALL}
          active={filters.sn !== null}
          onChange={(value) => change({ sn: value === ALL ? null : value })}
        />
        {mayDownloadReportCode(user) ? (
          <button
            type="button"
            className="chip report-download"
            aria-haspopup="dialog"
            onClick={() => setDownload((d) => ({ open: true, key: (d?.key ?? 0) + 1 }))}
          >
            <DownlandOutline aria-hidden="true" />
            <span>{t('record.download')}</span>
          </button>
        ) : null}
      </div>
      {records.data ? (
        <p className="muted" aria-live="polite">
          {t('record.count', { count: records.data.count })}
        </p>
      ) : null}
      <ListState
        pending={records.isPending}
        failed={records.isError && !records.data}
        error={records.error}
        onRetry={() => void records.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <div className="card">
            <EmptyGuide description={t('record.empty')} />
          </div>
        }
      >
        <ul className="card-list" aria-label={t('record.label')}>
          {list.map((r) => (
            <li key={r.id} className="card record-card" data-kind={r.kind}>
              <p className="record-head">
                <span className="tag" data-kind={r.kind}>
                  {RECORD_KIND_LABELS[r.kind][locale]}
                </span>
                <span className="record-name">{r.name}</span>
              </p>
              <p className="muted record-meta">
                {formatDateTime(r.time)}
                {r.sn ? ` · ${r.sn}` : ''}
              </p>
              {r.orderno ? <p className="record-meta">{t('record.order', { no: r.orderno })}</p> : null}
              {r.customer ? <p className="record-meta">{t('record.customer', { who: r.customer })}</p> : null}
              {r.kind === 'coupon_use' || r.kind === 'referrer_sale' ? (
                <p className="record-money">
                  {r.kind === 'coupon_use' ? t('record.discount') : t('record.amount')}{' '}
                  {formatMoney(r.amount, locale)}
                  {r.commission !== null
                    ? ` · ${t('record.commission')} ${formatMoney(r.commission, locale)}`
                    : ''}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        <Pagination
          current={filters.page}
          total={records.data?.count ?? 0}
          pageSize={RECORD_PAGE_SIZE}
          onChange={(page) => setFilters({ ...filters, page })}
        />
      </ListState>
      {download ? (
        <RecordDownload
          key={download.key}
          visible={download.open}
          filters={filters}
          subject={t('record.subject', { kind: kindText })}
          onClose={() => setDownload((d) => (d ? { ...d, open: false } : d))}
        />
      ) : null}
    </div>
  );
}
