import { MEMBER_FIELD_LABELS, POINTS_PER_YUAN_MAX } from '@vendo/contract/api/members';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { useSavePointRule } from '../api/members-api';
import { parsePointsPerYuan } from '../utils/member-forms';

/** The points per yuan paid (0..1000, 0 turns points off), checked at the field before and after sending. */
function PointRuleEditor({ current, onClose }: { current: number; onClose: () => void }) {
  const { t } = useTranslation('members');
  const locale = currentLocale();
  const { values, errors, set, setErrors, message, setMessage, send } = useForm(() => ({
    points_per_yuan: String(current),
  }));
  const save = useSavePointRule();

  const label = MEMBER_FIELD_LABELS['points_per_yuan']?.[locale] ?? t('rule.field');

  const submit = async () => {
    setMessage(null);
    const parsed = parsePointsPerYuan(values.points_per_yuan, locale, label);
    if (parsed.error !== undefined) return setErrors({ points_per_yuan: parsed.error });
    const saved = await send(
      () => save.mutateAsync(parsed.value),
      (rcode) => (rcode > 0 ? 'points_per_yuan' : null),
    );
    if (!saved) return;
    toast(t('rule.saved'), { icon: 'success' });
    onClose();
  };

  return (
    <SheetFrame
      title={t('rule.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <List mode="card">
        <InputField
          id="member-points-per-yuan"
          label={label}
          required
          inputMode="numeric"
          value={values.points_per_yuan}
          onChange={set('points_per_yuan')}
          error={errors['points_per_yuan']}
          placeholder={`0–${POINTS_PER_YUAN_MAX}`}
          description={<span className="muted">{t('rule.hint')}</span>}
        />
      </List>
    </SheetFrame>
  );
}

export const PointRuleEditorSheet = inSheet(PointRuleEditor);
