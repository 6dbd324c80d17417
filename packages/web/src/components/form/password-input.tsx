import { Input, type InputRef } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState, type AriaAttributes } from 'react';
import { useNativeAria } from './field';
import { useTranslation } from 'react-i18next';

interface PasswordInputProps extends AriaAttributes {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  autoComplete?: 'current-password' | 'new-password';
}

/** A password field with the show-password toggle of the login screen, reused wherever a password is typed. */
export function PasswordInput({
  id,
  value,
  onChange,
  placeholder,
  autoComplete = 'current-password',
  ...aria
}: PasswordInputProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const { 'aria-invalid': invalid, 'aria-describedby': describedBy, ...otherAria } = aria;
  const ref = useNativeAria<InputRef>(invalid === true || invalid === 'true', describedBy);
  return (
    <div className="password-input">
      <Input
        {...otherAria}
        ref={ref}
        id={id}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={visible ? t('hidePassword') : t('showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
