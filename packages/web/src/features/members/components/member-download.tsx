import { useTranslation } from 'react-i18next';
import { FormatChoice } from '../../../components/report-download/format-choice';
import { inSheet } from '../../../components/sheet/sheet';
import { memberReportLink } from '../api/members-api';

/** XLSX or CSV of the members the search finds (all without one). */
function MemberDownload({ keyword, onClose }: { keyword: string; onClose: () => void }) {
  const { t } = useTranslation('members');
  return (
    <FormatChoice
      title={t('download.title')}
      subject={keyword ? `${t('download.subject')}: ${keyword}` : t('download.subjectAll')}
      ask={(format) => memberReportLink(keyword, format)}
      onClose={onClose}
    />
  );
}

export const MemberDownloadSheet = inSheet(MemberDownload);
