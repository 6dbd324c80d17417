import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { pickMessage } from './pick-message';
import { FullMessage } from './full-message';

/** /success?msg=…&enMsg=… (spec §2), with "no data" when the link carries no text. */
export default function SuccessPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const message = pickMessage(params, i18n.language) ?? t('noData');
  return (
    <FullMessage
      icon={<CheckCircleOutline />}
      tone="success"
      title={t('successTitle')}
      text={message}
      action={{ label: t('actions.home'), onClick: () => void navigate('/', { replace: true }) }}
    />
  );
}
