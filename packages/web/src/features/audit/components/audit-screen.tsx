import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  auditActionLabel,
  auditTargetText,
  type AuditEntry,
} from '@vendo/contract/api/audit';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { FilterPicker } from '../../../components/filter-picker/filter-picker';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { useOpenedSheet } from '../../../components/sheet/opened-sheet';
import { initialRange } from '../../../components/time-range-picker/time-range';
import { TimeRangePicker } from '../../../components/time-range-picker/time-range-picker';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import auditTexts from '../../../i18n/resources/audit';
import { formatDateTime } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy-component';
import { AUDIT_PAGE_SIZE, useAccounts, useAuditLog, type AuditFilters } from '../api/audit-api';
import '../../../styles/list-page.css';
import './audit.css';

registerNamespace('audit', auditTexts);

const AuditEntrySheet = lazyComponent(() => import('./audit-entry-sheet').then((m) => m.AuditEntrySheet));
const AuditDownload = lazyComponent(() => import('./audit-download').then((m) => m.AuditDownloadSheet));

const ALL = 'all';

/**
 * /auditLog (issue 20, decision 046): the merchant's sensitive actions, newest first, by time range (the shared
 * picker and its range rule), who, kind and machine; an entry's detail with the before/after of its fields in a
 * sheet; the list as a file (1033). Main account only (the route's access and the server).
 */
export default function AuditScreen() {
  const { t } = useTranslation('audit');
  const locale = currentLocale();
  const [now] = useState(Date.now);
  const [filters, setFilters] = useState<AuditFilters>(() => ({
    range: initialRange('day', now),
    actor: null,
    kind: null,
    sn: '',
  }));
  const [page, setPage] = useState(1);
  const entries = useAuditLog(filters, page);
  const accounts = useAccounts();
  const detail = useOpenedSheet<AuditEntry>();
  const download = useOpenedSheet<AuditFilters>();
  const change = (patch: Partial<AuditFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const list = entries.data?.data ?? [];

  const whoOptions = [
    { value: ALL, label: t('list.anyone') },
    ...(accounts.data?.data ?? []).map((a) => ({
      value: String(a.user_id),
      label: a.nickname ? `${a.nickname} (${a.username})` : a.username,
    })),
  ];
  const kindOptions = [
    { value: ALL, label: t('list.anyKind') },
    ...AUDIT_KINDS.map((k) => ({ value: k, label: AUDIT_KIND_LABELS[k][locale] })),
  ];

  return (
    <div className="page audit-page">
      <p className="muted audit-intro">{t('list.intro')}</p>
      <TimeRangePicker value={filters.range} onChange={(range) => change({ range })} />
      <div className="audit-filter-row">
        <FilterPicker
          label={t('list.who')}
          options={whoOptions}
          value={filters.actor === null ? ALL : String(filters.actor)}
          active={filters.actor !== null}
          onChange={(value) => change({ actor: value === ALL ? null : Number(value) })}
        />
        <FilterPicker
          label={t('list.kind')}
          options={kindOptions}
          value={filters.kind ?? ALL}
          active={filters.kind !== null}
          onChange={(value) => change({ kind: AUDIT_KINDS.find((k) => k === value) ?? null })}
        />
        <button
          type="button"
          className="chip audit-download-chip"
          aria-haspopup="dialog"
          onClick={() => download.open(filters)}
        >
          <DownlandOutline aria-hidden="true" />
          <span>{t('list.download')}</span>
        </button>
      </div>
      <ListSearch placeholder={t('list.machine')} onSearch={(sn) => change({ sn: sn.trim() })} />
      {entries.data ? (
        <p className="muted" aria-live="polite">
          {t('list.count', { count: entries.data.count })}
        </p>
      ) : null}
      <ListState
        pending={entries.isPending}
        failed={entries.isError && !entries.data}
        error={entries.error}
        onRetry={() => void entries.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <div className="card">
            <EmptyGuide description={t('list.empty')} />
          </div>
        }
      >
        <ul className="card-list" aria-label={t('list.label')}>
          {list.map((e) => (
            <li key={e.id} className="card audit-card">
              <button
                type="button"
                className="audit-card-button"
                aria-haspopup="dialog"
                onClick={() => detail.open(e)}
              >
                <span className="audit-card-head">
                  <span className="badge" data-kind={e.kind}>
                    {AUDIT_KIND_LABELS[e.kind][locale]}
                  </span>
                  <span className="audit-action">{auditActionLabel(e.action, locale)}</span>
                  <time className="muted audit-time">{formatDateTime(e.at)}</time>
                </span>
                <span className="audit-who">
                  {e.actor_name} · {t(`actors.${e.actor_kind}`)}
                </span>
                <span className="muted audit-target">
                  {[auditTargetText(e, locale), e.sn && e.sn !== e.target_id ? e.sn : '', e.ip]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span className="visually-hidden">{t('list.open')}</span>
              </button>
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={entries.data?.count ?? 0}
          pageSize={AUDIT_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      {detail.opened ? (
        <AuditEntrySheet
          key={detail.opened.key}
          visible={detail.opened.open}
          entry={detail.opened.subject}
          onClose={detail.close}
        />
      ) : null}
      {download.opened ? (
        <AuditDownload
          key={download.opened.key}
          visible={download.opened.open}
          filters={download.opened.subject}
          onClose={download.close}
        />
      ) : null}
    </div>
  );
}
