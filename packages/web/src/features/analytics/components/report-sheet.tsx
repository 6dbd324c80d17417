import { REPORT_FORMATS } from '@vendo/contract/api/analytics';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { downloadUrl } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useRequestReport } from '../api/request-report';
import type { StatsReportKind } from '../utils/access';

export interface ReportSheetProps {
  kind: StatsReportKind;
  /** The conditions of the view, as its call takes them. */
  condition: Record<string, unknown>;
  range: TimeRange;
  /** What the report holds, as the screen names it. */
  subject: string;
  onClose: () => void;
}

/** Choose XLSX or CSV; the answered link streams the file, and the browser saves or opens it. */
function ReportChoice({ kind, condition, range, subject, onClose }: ReportSheetProps) {
  const { t } = useTranslation('analytics');
  const request = useRequestReport();
  const pick = (format: (typeof REPORT_FORMATS)[number]) => {
    request.mutate(
      { kind, format, condition },
      {
        onSuccess: (answer) => {
          downloadUrl(answer.url, answer.filename);
          toast(t('report.started'), { icon: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <SheetFrame title={t('report.title')} onClose={onClose} bodyClassName="an-report">
      <p className="an-report-subject">{subject}</p>
      <p className="muted">
        {t('report.period', { start: formatDateTime(range.start), end: formatDateTime(range.end) })}
      </p>
      <div className="an-report-actions">
        {REPORT_FORMATS.map((format) => (
          <Button
            key={format}
            block
            color={format === 'xlsx' ? 'primary' : 'default'}
            loading={request.isPending && request.variables.format === format}
            disabled={request.isPending}
            onClick={() => pick(format)}
          >
            {t(`report.${format}`)}
          </Button>
        ))}
      </div>
    </SheetFrame>
  );
}

export const ReportSheet = inSheet(ReportChoice);
