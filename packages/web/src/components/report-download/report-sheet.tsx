import { report, type ReportKind } from '@vendo/contract/api/analytics';
import { settleReport } from '@vendo/contract/api/funds';
import { SETTLEMENT_REPORT } from '@vendo/contract/permissions';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { inSheet } from '../sheet/sheet';
import type { TimeRange } from '../time-range-picker/time-range';
import { FormatChoice, type ReportFormat } from './format-choice';

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

/** Choose XLSX or CSV of an analytics view or a settlement record's detail. */
function ReportChoice({ onClose, ...target }: ReportSheetProps) {
  return (
    <FormatChoice
      subject={target.subject}
      details={'range' in target ? <PeriodLine range={target.range} /> : null}
      ask={(format) => askLink(target, format)}
      onClose={onClose}
    />
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
