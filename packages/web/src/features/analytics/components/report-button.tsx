import type { ComponentProps } from 'react';
import { ReportDownload } from '../../../components/report-download/report-download';
import { useUserInfo } from '../../../lib/session';
import { mayDownload, type StatsReportKind } from '../utils/access';

type ReportButtonProps = ComponentProps<typeof ReportDownload> & { kind: StatsReportKind };

/** "Download" beside a statistics view: the main account, or 1033 with the view's permission (spec §6). */
export function ReportButton(props: ReportButtonProps) {
  const user = useUserInfo();
  return mayDownload(user, props.kind) ? <ReportDownload {...props} /> : null;
}
