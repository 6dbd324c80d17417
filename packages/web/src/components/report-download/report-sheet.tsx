import { useMutation } from '@tanstack/react-query';
import { report, REPORT_FORMATS, type ReportKind } from '@vendo/contract/api/analytics';
import { settleReport } from '@vendo/contract/api/funds';
import { SETTLEMENT_REPORT } from '@vendo/contract/permissions';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client';
import { downloadUrl } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/notify';
import { inSheet, SheetFrame } from '../sheet/sheet';
import type { TimeRange } from '../time-range-picker/time-range';

type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What a file holds: a view of analytics (/a/report), or a settlement record's detail (/b/settleReport). */
export type ReportTarget = (
  | {
      kind: ReportKind;
      /** The conditions of the view, as its call takes them. */
      condition: Record<string, unknown>;
      range: TimeRange;
    }
  | { kind: typeof SETTLEMENT_REPORT; /** The settlement record. */ id: number }
) & {
  /** What the report holds, as the screen names it. */
  subject: string;
};

export type ReportSheetProps = ReportTarget & { onClose: () => void };

/** Asks the call serving the target for a download link. */
function askLink(target: ReportTarget, format: ReportFormat) {
  return target.kind === SETTLEMENT_REPORT
    ? callApi(settleReport, { id: target.id, format })
    : callApi(report, { kind: target.kind, format, condition: target.condition });
}

/** Choose XLSX or CSV; the answered link streams the file, and the browser saves or opens it. Failures toast. */
function ReportChoice({ onClose, ...target }: ReportSheetProps) {
  const { t } = useTranslation('report');
  const request = useMutation({ mutationFn: (format: ReportFormat) => askLink(target, format) });
  const pick = (format: ReportFormat) => {
    request.mutate(format, {
      onSuccess: (answer) => {
        downloadUrl(answer.url, answer.filename);
        toast(t('started'), { icon: 'success' });
        onClose();
      },
    });
  };
  return (
    <SheetFrame title={t('title')} onClose={onClose} bodyClassName="report-sheet">
      <p className="report-sheet-subject">{target.subject}</p>
      {'range' in target ? <PeriodLine range={target.range} /> : null}
      <div className="report-sheet-actions">
        {REPORT_FORMATS.map((format) => (
          <Button
            key={format}
            block
            color={format === 'xlsx' ? 'primary' : 'default'}
            loading={request.isPending && request.variables === format}
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

/** The period a view's file covers. */
function PeriodLine({ range }: { range: TimeRange }) {
  const { t } = useTranslation('report');
  const end = formatDateTime(range.end);
  return (
    <p className="muted">
      {range.mode === 'none'
        ? t('allTime', { end })
        : t('period', { start: formatDateTime(range.start), end })}
    </p>
  );
}

export const ReportSheet = inSheet(ReportChoice);
