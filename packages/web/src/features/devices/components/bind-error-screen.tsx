import { Button } from 'antd-mobile';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerNamespace } from '../../../i18n/i18n';
import devicesTexts from '../../../i18n/resources/devices';
import { useUserInfo } from '../../../lib/session';
import { canBind } from '../utils/access';
import './devices.css';

registerNamespace('devices', devicesTexts);

/** /bindError (spec §2, §8): the link opened was not a machine's bind code. */
export default function BindErrorScreen() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const user = useUserInfo();
  return (
    <section className="full-message">
      <span className="full-message-icon" data-tone="error" aria-hidden="true">
        <CloseCircleOutline />
      </span>
      <h2>{t('bindError.title')}</h2>
      <p>{t('bindError.text')}</p>
      <div className="dv-stack">
        {user && canBind(user) ? (
          <Button
            color="primary"
            size="large"
            shape="rounded"
            onClick={() => void navigate('/deviceBindEnter', { replace: true })}
          >
            {t('bindError.enter')}
          </Button>
        ) : null}
        <Button
          fill="outline"
          size="large"
          shape="rounded"
          onClick={() => void navigate('/', { replace: true })}
        >
          {t('bindError.home')}
        </Button>
      </div>
    </section>
  );
}
