import { useEffect, useRef, useState } from 'react';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchUserInfo } from '../../features/auth/api/get-user-info';
import { finishLogin } from '../../lib/finish-login';
import { ApiError } from '../../lib/api-client';
import { Spinner } from '../layout/loading-screen';
import { FullMessage } from './full-message';

/**
 * Hand-over from the messaging-app login (spec §2): the token and secret arrive in the query; with them the
 * account info is fetched and stored, then the person lands on /.
 */
export default function PassportLoading() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const secret = params.get('secret')?.trim() ?? '';
  const [failure, setFailure] = useState<string | null>(token && secret ? null : t('passport.missing'));
  const started = useRef(false);

  useEffect(() => {
    if (!token || !secret || started.current) return;
    started.current = true;
    fetchUserInfo({ quiet: true, credentials: { token, secret } })
      .then((info) => {
        // The hand-over's credentials are the session; the answer may not repeat the secret.
        if (finishLogin({ ...info, token, secret }, (to, options) => void navigate(to, options))) {
          void navigate('/', { replace: true });
        }
      })
      .catch((error: unknown) => {
        setFailure(error instanceof ApiError ? error.msg : t('api.network'));
      });
  }, [token, secret, navigate, t]);

  if (failure) {
    return (
      <FullMessage
        icon={<CloseCircleOutline />}
        tone="error"
        title={t('passport.failed')}
        text={failure}
        action={{ label: t('actions.toLogin'), onClick: () => void navigate('/login', { replace: true }) }}
      />
    );
  }
  return (
    <section className="full-message" aria-busy="true">
      <Spinner />
      <p>{t('passport.loading')}</p>
    </section>
  );
}
