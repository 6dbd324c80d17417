import { MEMBER_FIELD_LABELS, type Member } from '@vendo/contract/api/members';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
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
  const { values, errors, set, check, setErrors, message, setMessage } = useForm(() => ({
    remarks: member.remarks,
  }));
  const save = useSaveRemarks();

  const submit = async () => {
    setMessage(null);
    if (!check(checkRemarks(member.member_id, values.remarks, locale))) return;
    try {
      await save.mutateAsync({ member_id: member.member_id, remarks: values.remarks });
      toast(t('remarks.saved'), { icon: 'success' });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      // The server's refusal (a rule, a member gone) belongs to the one field; a lost connection to the form.
      if (error.rcode > 0) setErrors({ remarks: error.msg });
      else setMessage(error.msg);
    }
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
