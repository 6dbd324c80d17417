import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { downloadUrl } from '../../../lib/download';
import { toast } from '../../../lib/notify';
import { useRecordReport } from '../api/marketing-api';
import type { RecordFilters } from '../utils/record-filters';

const FORMATS = ['xlsx', 'csv'] as const;

/** XLSX or CSV of the records the screen's filters name; the answered link streams the file. */
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
  const request = useRecordReport();
  const pick = (format: (typeof FORMATS)[number]) =>
    request.mutate(
      { filters, format },
      {
        onSuccess: (answer) => {
          downloadUrl(answer.url, answer.filename);
          toast(t('record.started'), { icon: 'success' });
          onClose();
        },
      },
    );
  return (
    <SheetFrame title={t('record.downloadTitle')} onClose={onClose} bodyClassName="record-download">
      <p>{subject}</p>
      <div className="record-download-actions">
        {FORMATS.map((format) => (
          <Button
            key={format}
            block
            color={format === 'xlsx' ? 'primary' : 'default'}
            loading={request.isPending && request.variables.format === format}
            disabled={request.isPending}
            onClick={() => pick(format)}
          >
            {format.toUpperCase()}
          </Button>
        ))}
      </div>
    </SheetFrame>
  );
}

export const RecordDownloadSheet = inSheet(RecordDownload);
