import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../i18n/i18n';
import reportTexts from '../../i18n/resources/report';
import { lazyComponent, useOpenedOnce } from '../../lib/lazy-component';
import { mayDownloadReport } from '../../lib/permissions';
import { useUserInfo } from '../../lib/session';
import type { ReportTarget } from './report-sheet';
import './report-download.css';

registerNamespace('report', reportTexts);

const ReportSheet = lazyComponent(() => import('./report-sheet').then((m) => m.ReportSheet));

/**
 * "Download" beside a list or a statistics view: opens the choice of XLSX or CSV for what the screen shows. Shown
 * only to whom may download that kind (spec §6: the main account, or 1033 with the view's permission); the
 * server checks it again.
 */
export function ReportDownload(props: ReportTarget) {
  const { t } = useTranslation('report');
  const user = useUserInfo();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  if (!mayDownloadReport(user, props.kind)) return null;
  return (
    <>
      <button
        type="button"
        className="chip report-download"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <DownlandOutline aria-hidden="true" />
        <span>{t('download')}</span>
      </button>
      {opened ? <ReportSheet visible={open} {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
