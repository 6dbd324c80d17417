import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { useUserInfo } from '../../../lib/session';
import { mayDownload } from '../utils/access';
import type { ReportSheetProps } from './report-sheet';

const ReportSheet = lazyComponent(() => import('./report-sheet').then((m) => m.ReportSheet));

/** "Download" beside a statistics view: the main account, or 1033 with the view's permission (spec §6). */
export function ReportButton(props: Omit<ReportSheetProps, 'onClose'>) {
  const { t } = useTranslation('analytics');
  const user = useUserInfo();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  if (!mayDownload(user, props.kind)) return null;
  return (
    <>
      <button type="button" className="an-download" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <DownlandOutline aria-hidden="true" />
        <span>{t('report.button')}</span>
      </button>
      {opened ? <ReportSheet visible={open} {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
