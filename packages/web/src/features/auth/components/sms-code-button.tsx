import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_RESEND_SECONDS } from '@vendo/contract/constants';

interface SmsCodeButtonProps {
  /** Validates and sends; resolves true when a code went out, which starts the countdown. */
  onSend: () => Promise<boolean>;
}

/** "Get code", then a 60 s countdown that blocks resends (spec §4). */
export function SmsCodeButton({ onSend }: SmsCodeButtonProps) {
  const { t } = useTranslation('auth');
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    // Counting against an end time keeps the number right after the in-app browser was in the background.
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);

  const send = async () => {
    if (left > 0 || sending) return;
    setSending(true);
    try {
      if (await onSend()) {
        const start = Date.now();
        setNow(start);
        setUntil(start + SMS_RESEND_SECONDS * 1000);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      className="sms-button"
      disabled={left > 0}
      loading={sending}
      onClick={() => void send()}
    >
      {left > 0 ? t('resendIn', { seconds: left }) : t('getCode')}
    </Button>
  );
}
