import { useTranslation } from 'react-i18next';
import { FormatChoice } from '../../../components/report-download/format-choice';
import { inSheet } from '../../../components/sheet/sheet';
import { recordReportLink } from '../api/marketing-api';
import type { RecordFilters } from '../utils/record-filters';

/** XLSX or CSV of the records the screen's filters name. */
function RecordDownload({
  filters,
  subject,
  onClose,
}: {
  filters: RecordFilters;
  subject: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  return (
    <FormatChoice
      title={t('record.downloadTitle')}
      subject={subject}
      ask={(format) => recordReportLink(filters, format)}
      onClose={onClose}
    />
  );
}

export const RecordDownloadSheet = inSheet(RecordDownload);
