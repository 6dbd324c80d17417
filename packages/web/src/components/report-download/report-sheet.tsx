import { useMutation } from '@tanstack/react-query';
import { report, REPORT_FORMATS, type ReportKind } from '@vendo/contract/api/analytics';
import type { CallRequest } from '@vendo/contract/api/call';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client';
import { downloadUrl } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/notify';
import { inSheet, SheetFrame } from '../sheet/sheet';
import type { TimeRange } from '../time-range-picker/time-range';

export interface ReportSheetProps {
  kind: ReportKind;
  /** The conditions of the view, as its call takes them. */
  condition: Record<string, unknown>;
  range: TimeRange;
  /** What the report holds, as the screen names it. */
  subject: string;
  onClose: () => void;
}

/** Choose XLSX or CSV; the answered link streams the file, and the browser saves or opens it. Failures toast. */
function ReportChoice({ kind, condition, range, subject, onClose }: ReportSheetProps) {
  const { t } = useTranslation('report');
  const request = useMutation({ mutationFn: (body: CallRequest<typeof report>) => callApi(report, body) });
  const pick = (format: (typeof REPORT_FORMATS)[number]) => {
    request.mutate(
      { kind, format, condition },
      {
        onSuccess: (answer) => {
          downloadUrl(answer.url, answer.filename);
          toast(t('started'), { icon: 'success' });
          onClose();
        },
      },
    );
  };
  const end = formatDateTime(range.end);
  return (
    <SheetFrame title={t('title')} onClose={onClose} bodyClassName="report-sheet">
      <p className="report-sheet-subject">{subject}</p>
      <p className="muted">
        {range.mode === 'none'
          ? t('allTime', { end })
          : t('period', { start: formatDateTime(range.start), end })}
      </p>
      <div className="report-sheet-actions">
        {REPORT_FORMATS.map((format) => (
          <Button
            key={format}
            block
            color={format === 'xlsx' ? 'primary' : 'default'}
            loading={request.isPending && request.variables.format === format}
            disabled={request.isPending}
            onClick={() => pick(format)}
          >
            {t(format)}
          </Button>
        ))}
      </div>
    </SheetFrame>
  );
}

export const ReportSheet = inSheet(ReportChoice);
