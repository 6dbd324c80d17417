import { useTranslation } from 'react-i18next';
import { FormatChoice } from '../../../components/report-download/format-choice';
import { inSheet } from '../../../components/sheet/sheet';
import { auditReportLink, type AuditFilters } from '../api/audit-api';

/** XLSX or CSV of the entries the filters show. */
function AuditDownload({ filters, onClose }: { filters: AuditFilters; onClose: () => void }) {
  const { t } = useTranslation('audit');
  return (
    <FormatChoice
      title={t('download.title')}
      subject={t('download.subject')}
      ask={(format) => auditReportLink(filters, format)}
      onClose={onClose}
    />
  );
}

export const AuditDownloadSheet = inSheet(AuditDownload);
