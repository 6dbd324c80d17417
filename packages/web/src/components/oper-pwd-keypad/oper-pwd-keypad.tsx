import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { NumberKeyboard, PasscodeInput } from 'antd-mobile';
import type { PasscodeInputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OPER_PWD_LENGTH } from '@vendo/contract/constants';

export interface OperPwdKeypadHandle {
  /** Clears the digits and the messages and lets the user type again, e.g. after a failed check. */
  reset: () => void;
  focus: () => void;
}

export interface OperPwdKeypadProps {
  /** Defaults to "enter the 6-digit operation password". */
  title?: ReactNode;
  /** A line under the title, e.g. where to set the password. */
  hint?: ReactNode;
  /** Shown under the boxes, which turn red, until the next key press or reset. */
  error?: string;
  /** Ignore keys, e.g. while the caller checks the digits. */
  disabled?: boolean;
  /** Fires once when the sixth digit is entered, with the raw digits; callers hash (md5) before sending. */
  onComplete: (digits: string) => void;
  onChange?: (digits: string) => void;
  /** Open the keyboard on mount. */
  autoFocus?: boolean;
  ref?: Ref<OperPwdKeypadHandle>;
  className?: string;
  style?: CSSProperties;
}

const DIGITS = /^\d*$/;

const wrapStyle: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 12,
  padding: '16px 12px',
  textAlign: 'center',
};

const titleStyle: CSSProperties = { margin: 0, fontSize: 17, fontWeight: 600 };
const hintStyle: CSSProperties = { margin: 0, fontSize: 13, color: 'var(--adm-color-text-secondary)' };
const messageStyle: CSSProperties = {
  minHeight: 20,
  margin: 0,
  fontSize: 13,
  color: 'var(--adm-color-danger)',
};

/**
 * Six boxes showing dots over antd-mobile's number keyboard, whose bottom-left key is a dot (spec §5): the dot is
 * never taken, it only shows the digits-only tip. Input stops at six digits and completes by itself.
 */
export function OperPwdKeypad({
  title,
  hint,
  error,
  disabled = false,
  onComplete,
  onChange,
  autoFocus = true,
  ref,
  className,
  style,
}: OperPwdKeypadProps) {
  const { t } = useTranslation('components');
  const [digits, setDigits] = useState('');
  const [dotTip, setDotTip] = useState(false);
  // The caller's error is hidden once the user types again, without a round trip through the caller. Keeping the
  // dismissed value (not a flag) lets a new error show at once; reset() forgets it so a repeated error shows too.
  const [dismissedError, setDismissedError] = useState<string | null>(null);
  const inputRef = useRef<PasscodeInputRef>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // A ref, not state: two key taps in one frame must not both see "not completed yet".
  const completed = useRef(false);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        completed.current = false;
        setDigits('');
        setDotTip(false);
        setDismissedError(null);
        inputRef.current?.focus();
      },
      focus: () => inputRef.current?.focus(),
    }),
    [],
  );

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  // PasscodeInput proposes the next value (current + key, or one shorter on delete); we decide whether it is taken.
  const handleChange = (next: string) => {
    if (disabled || completed.current) return;
    if (!DIGITS.test(next)) {
      setDotTip(true);
      return;
    }
    const value = next.slice(0, OPER_PWD_LENGTH);
    setDotTip(false);
    setDismissedError(error ?? null);
    setDigits(value);
    onChange?.(value);
    if (value.length === OPER_PWD_LENGTH) {
      completed.current = true;
      onComplete(value);
    }
  };

  // antd-mobile keeps a hidden input inside its role="button" boxes for the phone's own keyboard. Ours is the number
  // keyboard, so that input is never typed in (antd-mobile focuses it only without one): disabled, it cannot take
  // the focus, and the boxes are the one control, none nested in it.
  useEffect(() => {
    for (const input of boxRef.current?.querySelectorAll('input') ?? []) input.disabled = true;
  }, []);

  const showError = !!error && error !== dismissedError;
  const message = dotTip ? t('dotKeyTip') : showError ? error : null;

  return (
    <div ref={boxRef} className={className} style={{ ...wrapStyle, ...style }}>
      <p style={titleStyle}>{title ?? t('enterOperPwd')}</p>
      {hint ? <p style={hintStyle}>{hint}</p> : null}
      <PasscodeInput
        ref={inputRef}
        length={OPER_PWD_LENGTH}
        value={digits}
        onChange={handleChange}
        error={showError && !dotTip}
        aria-label={t('operPwd')}
        keyboard={<NumberKeyboard customKey="." showCloseButton={false} />}
      />
      <p style={messageStyle} role="alert">
        {message}
      </p>
    </div>
  );
}
