import { MEMBER_FIELD_LABELS, type Member } from '@vendo/contract/api/members';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { useSaveRemarks } from '../api/members-api';
import { checkRemarks } from '../utils/member-forms';

/**
 * The merchant's remarks on a member (up to 200 characters, only the merchant sees them). The length is checked
 * as the server checks it before sending; a refusal shows at the field; what was typed stays.
 */
function RemarksEditor({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation('members');
  const locale = currentLocale();
  const { values, errors, set, check, message, send } = useForm(() => ({
    remarks: member.remarks,
  }));
  const save = useSaveRemarks();

  const submit = async () => {
    if (!check(checkRemarks(member.member_id, values.remarks, locale))) return;
    // The server's refusal (a rule, a member gone) belongs to the one field; a lost connection to the form.
    const saved = await send(
      () => save.mutateAsync({ member_id: member.member_id, remarks: values.remarks }),
      (rcode) => (rcode > 0 ? 'remarks' : null),
    );
    if (!saved) return;
    toast(t('remarks.saved'), { icon: 'success' });
    onClose();
  };

  return (
    <SheetFrame
      title={t('remarks.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <p className="member-remarks-of">{t('remarks.of', { name: member.nickname, cardno: member.cardno })}</p>
      <List mode="card">
        <TextAreaField
          id="member-remarks"
          label={MEMBER_FIELD_LABELS['remarks']?.[locale] ?? 'remarks'}
          value={values.remarks}
          onChange={set('remarks')}
          error={errors['remarks']}
          placeholder={t('remarks.placeholder')}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
      </List>
    </SheetFrame>
  );
}

export const RemarksEditorSheet = inSheet(RemarksEditor);
