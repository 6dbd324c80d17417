import { Button, List } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Field } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { FormSubmit } from '../../../components/form/form-submit';
import { useForm } from '../../../components/form/use-form';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import authTexts from '../../../i18n/resources/auth';
import { loadAccountCalls } from '../../../lib/account-calls';
import { currentAgent } from '../../../lib/agent';
import { ApiError } from '../../../lib/api-client';
import { useAppConfig } from '../../../lib/app-config';
import { loadChunk } from '../../../lib/load-chunk';
import { toast } from '../../../lib/notify';
import { takeReturnTo } from '../../../lib/session';
import { useLogin } from '../api/login';
import { finishLogin } from '../../../lib/finish-login';
import { forgetAccount, readRecentAccounts } from '../../../lib/recent-accounts';
import { AuthFrame } from '../../../components/auth-frame/auth-frame';
import { PasswordInput } from '../../../components/form/password-input';

registerNamespace('auth', authTexts);

const RecentAccountsSheet = lazy(() =>
  loadChunk(() => import('./recent-accounts-sheet')).then((m) => ({ default: m.RecentAccountsSheet })),
);

/** The phone handed over by the forgotten-password screen, else the last account that logged in here. */
function prefilledUsername(state: unknown): string {
  if (typeof state === 'object' && state !== null) {
    const username = (state as { username?: unknown }).username;
    if (typeof username === 'string') return username;
  }
  return readRecentAccounts()[0] ?? '';
}

export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm({ username: prefilledUsername(location.state), password: '' });
  const [recent, setRecent] = useState(readRecentAccounts);
  const [recentOpen, setRecentOpen] = useState<boolean | null>(null);
  const { data: config } = useAppConfig(currentAgent(location.search));
  const loginCall = useLogin();
  const { values, set, message, setMessage } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema and its message texts load on the first submit; the login screen paints without them.
    const [{ login }, { firstIssueText }] = await Promise.all([
      loadAccountCalls(),
      import('../../../lib/validation'),
    ]);
    const checked = login.request.safeParse(values);
    if (!checked.success) {
      setMessage(firstIssueText(checked.error.issues, currentLocale()));
      return;
    }
    setMessage(null);
    try {
      const info = await loginCall.mutateAsync(values);
      const go = (to: string, options?: { replace?: boolean }) => void navigate(to, options);
      if (finishLogin(info, go)) go(takeReturnTo(), { replace: true });
    } catch (error) {
      // 102 and other refusals: the server's words, kept on screen after the toast fades.
      if (error instanceof ApiError && error.rcode > 0) setMessage(error.msg);
    }
  };

  const edit = (name: 'username' | 'password') => (value: string) => {
    set(name)(value);
    setMessage(null);
  };

  const wechatLogin = () => {
    if (config?.wechatLogin.configured && config.wechatLogin.url)
      window.location.assign(config.wechatLogin.url);
    else toast(t('wechatNotConfigured'));
  };

  const search = location.search;

  return (
    <AuthFrame title={t('loginTitle')}>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <List mode="card">
          <InputField
            id="login-username"
            label={t('username')}
            extra={
              recent.length > 0 ? (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('recentAccounts')}
                  onClick={() => setRecentOpen(true)}
                >
                  <ClockCircleOutline />
                </button>
              ) : null
            }
            name="username"
            value={values.username}
            onChange={edit('username')}
            placeholder={t('usernamePlaceholder')}
            autoComplete="username"
          />
          <Field id="login-password" label={t('password')}>
            <PasswordInput
              id="login-password"
              value={values.password}
              onChange={edit('password')}
              placeholder={t('passwordPlaceholder')}
            />
          </Field>
        </List>
        <div className="auth-actions">
          <FormSubmit message={message} submitting={loginCall.isPending}>
            {t('login')}
          </FormSubmit>
          <div className="auth-links">
            <Link to={`/forget${search}`}>{t('forgot')}</Link>
            <Link to={`/signup${search}`}>{t('register')}</Link>
          </div>
        </div>
      </form>

      <div className="auth-alt">
        <div className="auth-divider">
          <span>{t('or')}</span>
        </div>
        <Button block fill="outline" size="large" className="wechat-button" onClick={wechatLogin}>
          {t('wechatLogin')}
        </Button>
        {config && !config.wechatLogin.configured ? (
          <p className="muted auth-note">{t('wechatNotConfigured')}</p>
        ) : null}
        {config?.wechatLogin.configured && config.sandbox.messaging ? (
          <p className="sandbox-note auth-note">
            <span className="sandbox-tag">{t('sandbox')}</span> {t('sandboxWechat')}
          </p>
        ) : null}
      </div>

      {recentOpen !== null ? (
        <Suspense fallback={null}>
          <RecentAccountsSheet
            accounts={recent}
            visible={recentOpen}
            onClose={() => setRecentOpen(false)}
            onPick={(username) => {
              set('username')(username);
              setRecentOpen(false);
            }}
            onRemove={(username) => {
              const next = forgetAccount(username);
              setRecent(next);
              if (next.length === 0) setRecentOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </AuthFrame>
  );
}
