import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { toast } from '../../../lib/notify';
import { readUserInfo, updateUserInfo } from '../../../lib/session';
import { suffixTaken } from '../api/check-suffix';
import { useSetSuffix } from '../api/set-suffix';
import { SUFFIX_MAX } from '@vendo/contract/constants';

const SUFFIX = /^[A-Za-z0-9]{3,}$/;

/** The merchant's login suffix: at least 3 letters or digits, not taken by another merchant (spec §5). */
function SuffixForm({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const save = useSetSuffix();
  const { values, bind, setErrors, message, attempt } = useForm({ suffix: current });

  const submit = async () => {
    const suffix = values.suffix.trim();
    if (!SUFFIX.test(suffix)) return setErrors({ suffix: t('suffix.invalid') });
    await attempt(async () => {
      if (suffix !== current && (await suffixTaken(suffix))) {
        setErrors({ suffix: t('suffix.taken') });
        return;
      }
      const result = await save.mutateAsync({ sub_user_suffix: suffix });
      const info = readUserInfo();
      if (info) updateUserInfo({ ...info, subUserSuffix: result.sub_user_suffix });
      toast(t('saved'), { icon: 'success' });
      onClose();
    });
  };

  return (
    <SheetFrame
      title={t('suffix.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <List mode="card" className="staff-form">
        <InputField
          id="staff-suffix"
          label={t('suffix.label')}
          required
          {...bind('suffix')}
          description={t('suffix.hint')}
          placeholder={t('suffix.placeholder')}
          autoComplete="off"
          maxLength={SUFFIX_MAX}
        />
      </List>
    </SheetFrame>
  );
}

/** The suffix form in its sheet. */
export const SuffixSheet = inSheet(SuffixForm);
