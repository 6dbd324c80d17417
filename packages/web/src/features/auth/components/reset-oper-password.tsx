import type { UserInfo } from '@vendo/contract/api/account';
import { isValidationKey } from '@vendo/contract/validation-messages';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OperPwdKeypad, type OperPwdKeypadHandle } from '../../../components/oper-pwd-keypad/oper-pwd-keypad';
import { Sheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import authTexts from '../../../i18n/resources/auth';
import { loadAccountCalls } from '../../../lib/account-calls';
import { ApiError } from '../../../lib/api-client';
import { md5 } from '../../../lib/md5';
import { toast } from '../../../lib/notify';
import { readUserInfo, updateUserInfo } from '../../../lib/session';
import { validationText } from '../../../lib/validation';
import { useEditOprPwd } from '../api/edit-opr-pwd';

registerNamespace('auth', authTexts);

type Step = 'old' | 'new' | 'confirm';

interface ResetOperPasswordSheetProps {
  user: UserInfo;
  visible: boolean;
  onClose: () => void;
}

/**
 * Old (when one is set), new and confirmation, six digits each on the keypad (spec §5). Only md5 hex of the
 * digits leaves the phone.
 */
export function ResetOperPasswordSheet({ user, visible, onClose }: ResetOperPasswordSheetProps) {
  const { t } = useTranslation(['auth', 'common']);
  const locale = currentLocale();
  const steps: Step[] = user.isOperPwd === 1 ? ['old', 'new', 'confirm'] : ['new', 'confirm'];
  const [step, setStep] = useState<Step>(steps[0] ?? 'new');
  const [error, setError] = useState<string | null>(null);
  const digits = useRef<{ old: string; new: string }>({ old: '', new: '' });
  const keypad = useRef<OperPwdKeypadHandle>(null);
  const edit = useEditOprPwd();

  const restart = (message: string | null) => {
    digits.current = { old: '', new: '' };
    setError(message);
    setStep(steps[0] ?? 'new');
    keypad.current?.reset();
  };

  const close = () => {
    restart(null);
    onClose();
  };

  const save = async () => {
    const body = {
      old_oper_pwd: digits.current.old ? md5(digits.current.old) : '',
      new_oper_pwd: md5(digits.current.new),
    };
    const { editOprPwd } = await loadAccountCalls();
    const checked = editOprPwd.request.safeParse(body);
    if (!checked.success) {
      const key = checked.error.issues[0]?.message;
      restart(validationText(isValidationKey(key) ? key : 'invalidValue', locale));
      return;
    }
    try {
      await edit.mutateAsync(body);
      const stored = readUserInfo();
      if (stored) updateUserInfo({ ...stored, isOperPwd: 1 });
      toast(t('operPwdChanged'), { icon: 'success' });
      close();
    } catch (failure) {
      restart(failure instanceof ApiError ? failure.msg : null);
    }
  };

  const complete = (value: string) => {
    if (step === 'old') {
      digits.current.old = value;
      setError(null);
      setStep('new');
    } else if (step === 'new') {
      if (digits.current.old && value === digits.current.old) {
        setError(validationText('operPwdSameAsOld', locale));
        keypad.current?.reset();
        return;
      }
      digits.current.new = value;
      setError(null);
      setStep('confirm');
    } else if (value !== digits.current.new) {
      digits.current.new = '';
      setError(validationText('passwordsDiffer', locale));
      setStep('new');
    } else {
      void save();
    }
  };

  const titles: Record<Step, string> = {
    old: t('operPwdOld'),
    new: t('operPwdNew'),
    confirm: t('operPwdConfirm'),
  };

  return (
    <Sheet visible={visible} onClose={close} closeOnMaskClick destroyOnClose={false}>
      <SheetFrame title={t('resetOperPwdTitle')} onClose={close} bodyClassName="oper-sheet-body">
        {visible ? (
          <OperPwdKeypad
            key={step}
            ref={keypad}
            title={titles[step]}
            hint={t('stepOf', { step: steps.indexOf(step) + 1, total: steps.length })}
            error={error ?? undefined}
            disabled={edit.isPending}
            onComplete={complete}
          />
        ) : null}
      </SheetFrame>
    </Sheet>
  );
}
