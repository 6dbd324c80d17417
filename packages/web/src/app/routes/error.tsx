import { CloseCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { pickMessage } from './pick-message';
import { FullMessage } from './full-message';

/** /error?msg=…&enMsg=… (spec §2): the Chinese text for Chinese, the English one otherwise. */
export default function ErrorPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const message = pickMessage(params, i18n.language) ?? t('tryAgain');
  return (
    <FullMessage
      icon={<CloseCircleOutline />}
      tone="error"
      title={t('errorTitle')}
      text={message}
      action={{ label: t('actions.home'), onClick: () => void navigate('/', { replace: true }) }}
    />
  );
}
