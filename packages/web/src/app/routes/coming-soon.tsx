import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteHandle } from '../route-handle';
import { FullMessage } from './full-message';

/** The one state shared by every screen a later release builds: its title and a plain "not yet". */
export default function ComingSoon() {
  const { t } = useTranslation(['common', 'routes']);
  const navigate = useNavigate();
  const { title } = useRouteHandle();
  return (
    <FullMessage
      icon={<ClockCircleOutline />}
      title={t(`routes:${title}`)}
      text={t('comingSoon')}
      action={{ label: t('actions.home'), onClick: () => void navigate('/', { replace: true }) }}
    />
  );
}
