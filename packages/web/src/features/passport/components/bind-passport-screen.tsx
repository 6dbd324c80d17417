import type { PassportAccount } from '@vendo/contract/api/passport';
import { RCODE } from '@vendo/contract/rcodes';
import { Button, Input, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/dialog/confirm';
import { explainFailure } from '../../../components/dialog/explain-failure';
import { Field } from '../../../components/form/field';
import { FormSubmit } from '../../../components/form/form-submit';
import { InputField } from '../../../components/form/input-field';
import { useForm } from '../../../components/form/use-form';
import { ListState } from '../../../components/list-state/list-state';
import { registerNamespace } from '../../../i18n/i18n';
import authTexts from '../../../i18n/resources/auth';
import passportTexts from '../../../i18n/resources/passport';
import { currentAgent } from '../../../lib/agent';
import { ApiError } from '../../../lib/api-client';
import { useAppConfig } from '../../../lib/app-config';
import { toast } from '../../../lib/notify';
import { readUserInfo } from '../../../lib/session';
import { AuthFrame } from '../../../components/auth-frame/auth-frame';
import { PasswordInput } from '../../../components/form/password-input';
import { finishLogin } from '../../../lib/finish-login';
import { useBindAccount } from '../api/bind-account';
import { usePassportInfo } from '../api/get-login-info';
import type { PassportCredentials } from '../api/credentials';
import { useSetRemarks } from '../api/set-remarks';
import { useSwitchAccount } from '../api/switch-account';
import { useUnbindAccount } from '../api/unbind-account';
import '../../../styles/list-page.css';
import './passport.css';

registerNamespace('auth', authTexts);
registerNamespace('passport', passportTexts);

/** The token and secret from the address (the server's hand-over), else a messaging-app session already stored. */
function initialCredentials(params: URLSearchParams): PassportCredentials | null {
  const token = params.get('token')?.trim() ?? '';
  const secret = params.get('secret')?.trim() ?? '';
  if (token && secret) return { token, secret };
  const info = readUserInfo();
  return info?.loginType === 'wechat' ? { token: info.token, secret: info.secret } : null;
}

/** A linked account's row: remarks edited in place, switch to it, unlink. */
function LinkedAccount({
  item,
  credentials,
  onSwitched,
}: {
  item: PassportAccount;
  credentials: PassportCredentials;
  onSwitched: (info: Parameters<typeof finishLogin>[0]) => void;
}) {
  const { t } = useTranslation('passport');
  const [remarks, setRemarks] = useState(item.remarks);
  const save = useSetRemarks(credentials);
  const switching = useSwitchAccount(credentials);
  const unbind = useUnbindAccount(credentials);

  const saveRemarks = () => {
    if (remarks.trim() === item.remarks) return;
    save.mutate(
      { account: item.account, remarks: remarks.trim() },
      { onSuccess: () => toast(t('saved'), { icon: 'success' }) },
    );
  };

  const unlink = async () => {
    const asked = { title: t('unbindTitle'), content: t('unbindText', { account: item.account }) };
    if (!(await confirmAction({ ...asked, confirmText: t('unbind'), danger: true }))) return;
    try {
      await unbind.mutateAsync(item.account);
      toast(t('unbound'), { icon: 'success' });
    } catch (error) {
      await explainFailure(error, t('unbindFailed'));
    }
  };

  return (
    <li className="card passport-account">
      <div className="passport-account-head">
        <div>
          <div className="passport-account-name">{item.account}</div>
          <div className="muted">{item.merchant_name}</div>
        </div>
        <Tag color={item.is_main ? 'primary' : 'default'} fill="outline">
          {item.is_main ? t('main') : t('sub')}
        </Tag>
      </div>
      <label className="passport-remarks">
        <span>{t('remarks')}</span>
        <Input
          value={remarks}
          onChange={setRemarks}
          onBlur={saveRemarks}
          onEnterPress={saveRemarks}
          maxLength={50}
          placeholder={t('remarksPlaceholder')}
          aria-label={`${t('remarks')} ${item.account}`}
        />
      </label>
      <div className="passport-account-actions">
        {item.current ? (
          <Tag color="success">{t('current')}</Tag>
        ) : (
          <Button
            size="small"
            color="primary"
            loading={switching.isPending}
            onClick={() =>
              switching.mutate(item.account, {
                onSuccess: onSwitched,
                onError: (error) =>
                  toast(error instanceof ApiError ? error.msg : String(error), { icon: 'fail' }),
              })
            }
          >
            {t('switchTo')}
          </Button>
        )}
        <Button size="small" color="danger" fill="outline" onClick={() => void unlink()}>
          {t('unbind')}
        </Button>
      </div>
    </li>
  );
}

/**
 * /BindPassport (spec §2, §5): link an account (account and password) to the messaging-app identity the server
 * handed over in the query, then manage the linked accounts: switch, remarks, unlink.
 */
export default function BindPassportScreen() {
  const { t } = useTranslation(['passport', 'auth']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: config } = useAppConfig(currentAgent());
  const [credentials, setCredentials] = useState(() => initialCredentials(params));
  const info = usePassportInfo(credentials);
  const bind = useBindAccount(credentials ?? { token: '', secret: '' });
  const { values, set, errors, setErrors, message, attempt } = useForm({ account: '', password: '' });

  const loggedIn = (user: Parameters<typeof finishLogin>[0]) => {
    if (!finishLogin(user, (to, options) => void navigate(to, options))) return;
    // From now on the linked accounts are managed with the new session (stored, so a reload finds it); the
    // address drops the bind ticket, which linking has ended.
    setCredentials({ token: user.token, secret: user.secret });
    if (params.has('token')) void navigate('/BindPassport', { replace: true });
  };

  const submit = async () => {
    if (!values.account.trim() || !values.password) return setErrors({ account: t('empty') });
    setErrors({});
    await attempt(async () => {
      const user = await bind
        .mutateAsync({ account: values.account.trim(), password: values.password })
        .catch((error: unknown) => {
          // Spec §7: a refused link shows the server's words as a failure toast (and above the button).
          if (error instanceof ApiError) toast(error.msg, { icon: 'fail' });
          throw error;
        });
      toast(t('bound'), { icon: 'success' });
      loggedIn(user);
      set('account')('');
      set('password')('');
    });
  };

  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/login', { replace: true });
  };

  // An expired or spent bind ticket (604) leaves nothing to link to either: no form, the way back.
  const expired = info.error instanceof ApiError && info.error.rcode === RCODE.SESSION_EXPIRED;
  if (!credentials || expired) {
    return (
      <AuthFrame title={t('title')} onBack={back}>
        <div className="passport-intro" role="alert">
          <p className="passport-missing">{t('missing')}</p>
          <p className="muted">{expired ? t('expiredHint') : t('missingHint')}</p>
        </div>
        <div className="passport-buttons">
          <Button block fill="outline" onClick={back}>
            {t('back')}
          </Button>
        </div>
      </AuthFrame>
    );
  }

  const accounts = info.data?.account_list ?? [];
  return (
    <AuthFrame title={t('title')} onBack={back}>
      {info.data ? (
        <p className="muted passport-intro">
          {info.data.login_info.nickname ? `${info.data.login_info.nickname} · ` : ''}
          {t('intro')}
        </p>
      ) : (
        <p className="muted passport-intro">{t('intro')}</p>
      )}
      {config?.sandbox.messaging ? (
        <p className="sandbox-note passport-intro">
          <span className="sandbox-tag">{t('auth:sandbox')}</span> {t('auth:sandboxWechat')}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <List mode="card">
          <InputField
            id="passport-account"
            label={t('account')}
            required
            value={values.account}
            onChange={set('account')}
            error={errors.account}
            placeholder={t('accountPlaceholder')}
            autoComplete="username"
          />
          <Field id="passport-password" label={t('password')} required>
            <PasswordInput
              id="passport-password"
              value={values.password}
              onChange={set('password')}
              placeholder={t('passwordPlaceholder')}
            />
          </Field>
        </List>
        <div className="passport-buttons">
          <FormSubmit message={message} submitting={bind.isPending}>
            {t('bind')}
          </FormSubmit>
          <Button block fill="outline" onClick={back}>
            {t('back')}
          </Button>
        </div>
      </form>
      <section className="passport-linked" aria-label={t('linked')}>
        <h2>{t('linked')}</h2>
        <ListState
          pending={info.isPending}
          failed={info.isError}
          error={info.error}
          onRetry={() => void info.refetch()}
          empty={accounts.length === 0}
          emptyGuide={<p className="muted">{t('none')}</p>}
        >
          <ul className="card-list">
            {accounts.map((item) => (
              <LinkedAccount key={item.account} item={item} credentials={credentials} onSwitched={loggedIn} />
            ))}
          </ul>
          {accounts.some((a) => a.current) ? (
            <Button block color="primary" onClick={() => void navigate('/', { replace: true })}>
              {t('toHome')}
            </Button>
          ) : null}
        </ListState>
      </section>
    </AuthFrame>
  );
}
