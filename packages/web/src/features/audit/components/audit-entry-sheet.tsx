import {
  AUDIT_KIND_LABELS,
  auditActionLabel,
  auditFieldLabel,
  auditTargetText,
  type AuditEntry,
} from '@vendo/contract/api/audit';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list/detail-list';
import { ListState } from '../../../components/list-state/list-state';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import { useAuditEntry } from '../api/audit-api';

/** One entry: who, when, from where, what, and the before/after of the fields it changed. */
function AuditEntryDetail({ entry: listed, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const locale = currentLocale();
  const detail = useAuditEntry(listed.id);
  const entry = detail.data?.data ?? listed;
  const changes = detail.data?.data.changes ?? [];
  const value = (v: string | number | boolean | null) =>
    v === null || v === '' ? <span className="muted">{t('detail.empty')}</span> : String(v);

  return (
    <SheetFrame title={t('detail.title')} onClose={onClose} tall bodyClassName="audit-detail">
      <DetailList
        className="audit-facts"
        hideEmpty
        rows={[
          [t('detail.when'), formatDateTime(entry.at)],
          [t('detail.who'), entry.actor_name],
          [t('detail.as'), t(`actors.${entry.actor_kind}`)],
          [t('detail.kind'), AUDIT_KIND_LABELS[entry.kind][locale]],
          [t('detail.action'), auditActionLabel(entry.action, locale)],
          [t('detail.target'), auditTargetText(entry, locale)],
          [t('detail.machine'), entry.sn],
          [t('detail.where'), entry.ip],
          [t('detail.agent'), entry.user_agent],
          [t('detail.call'), entry.call],
        ]}
      />
      <h3 className="card-title audit-changes-title">{t('detail.changes')}</h3>
      <ListState
        pending={detail.isPending}
        failed={detail.isError && !detail.data}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        empty={changes.length === 0}
        emptyGuide={<p className="muted">{t('detail.none')}</p>}
      >
        {/* Focusable, so the sheet's scrolled content can be reached and read from the keyboard too. */}
        <div className="audit-changes-region" role="region" tabIndex={0} aria-label={t('detail.changes')}>
          <table className="audit-changes">
            <thead>
              <tr>
                <th scope="col">{t('detail.field')}</th>
                <th scope="col">{t('detail.before')}</th>
                <th scope="col">{t('detail.after')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.field}>
                  <th scope="row">{auditFieldLabel(c.field, locale)}</th>
                  <td>{value(c.before)}</td>
                  <td>{value(c.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
    </SheetFrame>
  );
}

export const AuditEntrySheet = inSheet(AuditEntryDetail);
