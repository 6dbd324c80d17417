import type { PushOutcome } from '@vendo/contract/api/devices';
import { CheckCircleOutline, ClockCircleOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { pushTone } from '../utils/outcome';

/**
 * How a saved change reached the machine (editDev, shelf calls answer `push`): applied, kept until the machine
 * is back, unanswered, or refused, with the catalogue's rcode and msg.
 */
export function PushStatus({ push, what }: { push: PushOutcome; what: 'settings' | 'shelves' }) {
  const { t } = useTranslation('deviceSheets');
  const tone = pushTone(push.status);
  const Icon =
    tone === 'success' ? CheckCircleOutline : tone === 'warning' ? ClockCircleOutline : CloseCircleOutline;
  return (
    <div className="dv-outcome" data-tone={tone} role="status">
      <Icon aria-hidden="true" />
      <div>
        <p className="dv-outcome-title">{t(`push.${push.status}`, { what: t(`push.what.${what}`) })}</p>
        <p className="dv-outcome-code">{t('rcodeMsg', { rcode: push.rcode, msg: push.msg })}</p>
      </div>
    </div>
  );
}

/** A refused call's rcode and msg, in the same place and shape as a push outcome. */
export function FailureStatus({ title, rcode, msg }: { title: string; rcode: number; msg: string }) {
  const { t } = useTranslation('deviceSheets');
  return (
    <div className="dv-outcome" data-tone="danger" role="alert">
      <CloseCircleOutline aria-hidden="true" />
      <div>
        <p className="dv-outcome-title">{title}</p>
        <p className="dv-outcome-code">{t('rcodeMsg', { rcode, msg })}</p>
      </div>
    </div>
  );
}
