import { useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { OperPwdKeypad } from './oper-pwd-keypad';
import type { OperPwdKeypadHandle } from './oper-pwd-keypad';

export interface OperPwdPopupProps {
  visible: boolean;
  /** The user dismissed the popup (close button or mask) without passing the check. */
  onClose: () => void;
  /**
   * Checks the six raw digits (callers md5 them and call checkOprPwd). Resolve true to pass, false for a wrong
   * password (the popup shows "verification failed" and clears the boxes). A rejection also clears the boxes;
   * its message is the API client's to show.
   */
  verify: (digits: string) => Promise<boolean>;
  /** The check passed: continue with the guarded action (refund, remote control, unbind) and hide the popup. */
  onVerified: () => void;
  title?: ReactNode;
  /** The line under the boxes (none by default: whether to say where to set a password is the caller's). */
  hint?: ReactNode;
  /** Defaults to "operation password verification failed". */
  failureText?: string;
}

// NumberKeyboard slides up in its own bottom popup over this one; keep the boxes clear of its ~4 rows of keys.
const bodyStyle: CSSProperties = {
  borderTopLeftRadius: 12,
  borderTopRightRadius: 12,
  paddingBottom: 'calc(240px + env(safe-area-inset-bottom))',
};

const closeStyle: CSSProperties = {
  position: 'absolute',
  top: 4,
  right: 4,
  width: 44,
  height: 44,
  padding: 0,
};

/**
 * The operation-password guard of spec §4: shown when the 2-hour operator session has lapsed, it asks for the six
 * digits, checks them as soon as the sixth is typed, and either continues or says the check failed.
 */
export function OperPwdPopup({
  visible,
  onClose,
  verify,
  onVerified,
  title,
  hint,
  failureText,
}: OperPwdPopupProps) {
  const { t } = useTranslation('components');
  const keypad = useRef<OperPwdKeypadHandle>(null);
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string>();

  const check = async (digits: string) => {
    setVerifying(true);
    setError(undefined);
    let passed = false;
    try {
      passed = await verify(digits);
      if (!passed) setError(failureText ?? t('operPwdVerifyFailed'));
    } catch {
      // The API client has already shown the failure; the user only needs the boxes cleared to retry.
    } finally {
      setVerifying(false);
    }
    if (passed) onVerified();
    else keypad.current?.reset();
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={verifying ? undefined : onClose}
      destroyOnClose
      afterClose={() => setError(undefined)}
      bodyStyle={bodyStyle}
    >
      <Button fill="none" style={closeStyle} aria-label={t('close')} disabled={verifying} onClick={onClose}>
        <CloseOutline fontSize={18} />
      </Button>
      <OperPwdKeypad
        ref={keypad}
        title={title}
        hint={verifying ? t('verifying') : hint}
        error={error}
        disabled={verifying}
        onComplete={(digits) => void check(digits)}
      />
    </Popup>
  );
}
