import { useMutation } from '@tanstack/react-query';
import { REPORT_FORMATS } from '@vendo/contract/api/analytics';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../i18n/i18n';
import reportTexts from '../../i18n/resources/report';
import { downloadUrl } from '../../lib/download';
import { toast } from '../../lib/notify';
import { SheetFrame } from '../sheet/sheet';
import './report-download.css';

registerNamespace('report', reportTexts);

export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What a report call answers: a signed link that streams the file. */
export type FileLink = { url: string; filename: string };

/**
 * The one sheet every download opens: the subject, then XLSX or CSV; the chosen format's link is asked for, the
 * browser saves or opens the file and the sheet closes. Failures toast through the API client.
 */
export function FormatChoice({
  title,
  subject,
  details,
  ask,
  onClose,
}: {
  /** The sheet's title; "Download" when the screen names none. */
  title?: string;
  subject: string;
  /** A line under the subject (e.g. the period the file covers). */
  details?: ReactNode;
  ask: (format: ReportFormat) => Promise<FileLink>;
  onClose: () => void;
}) {
  const { t } = useTranslation('report');
  const request = useMutation({ mutationFn: ask });
  const pick = (format: ReportFormat) =>
    request.mutate(format, {
      onSuccess: (answer) => {
        downloadUrl(answer.url, answer.filename);
        toast(t('started'), { icon: 'success' });
        onClose();
      },
    });
  return (
    <SheetFrame title={title ?? t('title')} onClose={onClose} bodyClassName="report-sheet">
      <p className="report-sheet-subject">{subject}</p>
      {details}
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
