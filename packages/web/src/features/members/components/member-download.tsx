import { REPORT_FORMATS } from '@vendo/contract/api/analytics';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { downloadUrl } from '../../../lib/download';
import { toast } from '../../../lib/notify';
import { useMemberReport } from '../api/members-api';

/** XLSX or CSV of the members the search finds (all without one); the answered link streams the file. */
function MemberDownload({ keyword, onClose }: { keyword: string; onClose: () => void }) {
  const { t } = useTranslation('members');
  const request = useMemberReport();
  const pick = (format: (typeof REPORT_FORMATS)[number]) =>
    request.mutate(
      { keyword, format },
      {
        onSuccess: (answer) => {
          downloadUrl(answer.url, answer.filename);
          toast(t('download.started'), { icon: 'success' });
          onClose();
        },
      },
    );
  return (
    <SheetFrame title={t('download.title')} onClose={onClose} bodyClassName="member-download">
      <p>{keyword ? `${t('download.subject')}: ${keyword}` : t('download.subjectAll')}</p>
      <div className="member-download-actions">
        {REPORT_FORMATS.map((format) => (
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

export const MemberDownloadSheet = inSheet(MemberDownload);
