import { Button, TextArea } from 'antd-mobile';
import { ScanCodeOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadDialogs } from '../../../components/dialog/load-dialogs';
import { registerNamespace } from '../../../i18n/i18n';
import devicesTexts from '../../../i18n/resources/devices';
import { isWeChat } from '../../../lib/browser';
import { useMessagingSdk } from '../../../lib/messaging-sdk';
import { useUserInfo } from '../../../lib/session';
import { bindPath, parseBindCode } from '../utils/bind-link';
import './devices.css';

registerNamespace('devices', devicesTexts);

/**
 * /deviceBindEnter: the bind code of a machine, typed by hand or scanned (inside WeChat through the messaging
 * app's JS-SDK, here its sandbox; elsewhere the tip to use the app), then on to /bind with it.
 */
function BindEnter() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const sdk = useMessagingSdk();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inWeChat = isWeChat(navigator.userAgent);

  const go = (text: string) => {
    const info = parseBindCode(text);
    if (!info) {
      setError(t('enter.invalid'));
      return;
    }
    setError(null);
    void navigate(bindPath(info));
  };

  const tip = async (text: string) => {
    const { showTip } = await loadDialogs();
    await showTip(text, { title: t('enter.scan') });
  };

  const scan = async () => {
    if (!inWeChat) {
      await tip(t('enter.scanOutside'));
      return;
    }
    if (!sdk.data) {
      await tip(sdk.isPending ? t('enter.scanLoading') : t('enter.scanUnavailable'));
      return;
    }
    const text = await sdk.data.scanQRCode();
    if (text === null) return;
    setCode(text);
    go(text);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(code);
  };

  return (
    <form className="dv-enter" onSubmit={submit} noValidate aria-label={t('enter.title')}>
      <section className="card dv-enter-card">
        <h2 className="card-title">{t('enter.title')}</h2>
        <p className="dv-hint">{t('enter.intro')}</p>
        <Button
          block
          size="large"
          color="primary"
          fill="outline"
          className="dv-scan"
          loading={inWeChat && sdk.isPending}
          onClick={() => void scan()}
        >
          <ScanCodeOutline aria-hidden="true" /> {t('enter.scan')}
        </Button>
        {sdk.data?.sandbox ? (
          <p className="sandbox-note">
            <span className="sandbox-tag">{t('sandbox')}</span> {t('enter.sandboxNote')}
          </p>
        ) : null}
        <div className="dv-divider" role="separator">
          {t('enter.or')}
        </div>
        <label className="field-label" htmlFor="bind-code">
          {t('enter.codeLabel')}
        </label>
        <TextArea
          id="bind-code"
          className="dv-code-input"
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          placeholder={t('enter.codePlaceholder')}
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={2000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'bind-code-error' : undefined}
        />
        {error ? (
          <p className="field-error" id="bind-code-error" role="alert">
            {error}
          </p>
        ) : null}
      </section>
      <Button block type="submit" color="primary" size="large" disabled={!code.trim()}>
        {t('enter.next')}
      </Button>
    </form>
  );
}

export default function BindEnterScreen() {
  const user = useUserInfo();
  if (!user) return null;
  return (
    <div className="page dv-page">
      <BindEnter />
    </div>
  );
}
