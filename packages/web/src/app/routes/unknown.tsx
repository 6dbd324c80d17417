import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullMessage } from './full-message';

export default function Unknown() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <FullMessage
      icon={<QuestionCircleOutline />}
      title={t('unknown.title')}
      text={t('unknown.text')}
      action={{ label: t('actions.home'), onClick: () => void navigate('/', { replace: true }) }}
    />
  );
}
