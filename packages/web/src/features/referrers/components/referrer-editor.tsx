import { REFERRER_FIELD_LABELS, type Referrer } from '@vendo/contract/api/referrers';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { useSaveReferrer } from '../api/referrers-api';
import {
  checkReferrerForm,
  fieldOfRcode,
  referrerForm,
  referrerRequest,
  type ReferrerFormValues,
} from '../utils/referrer-form';

/**
 * A new referrer or a change of one: name (required), number (optional, unique), commission in percent with up
 * to 2 decimals, remarks. Every rule's message shows at its field, before sending (the contract's schema and
 * rules) and after (the server's refusal, by its code); nothing typed is lost.
 */
function ReferrerEditor({ referrer, onClose }: { referrer: Referrer | null; onClose: () => void }) {
  const { t } = useTranslation('referrers');
  const locale = currentLocale();
  const form = useForm<ReferrerFormValues>(() => referrerForm(referrer));
  const { values, errors, set, check, message, send } = form;
  const save = useSaveReferrer();
  const label = (field: string) => REFERRER_FIELD_LABELS[field]?.[locale] ?? field;

  const submit = async () => {
    if (!check(checkReferrerForm(values, locale))) return;
    const saved = await send(
      () => save.mutateAsync({ id: referrer?.referrer_id ?? null, body: referrerRequest(values) }),
      fieldOfRcode,
    );
    if (!saved) return;
    toast(t('editor.saved'), { icon: 'success' });
    onClose();
  };

  return (
    <SheetFrame
      title={referrer ? t('editor.titleEdit') : t('editor.titleNew')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <List mode="card" className="referrer-form">
        <InputField
          id="referrer-name"
          label={label('referrer_name')}
          required
          value={values.referrer_name}
          onChange={set('referrer_name')}
          error={errors['referrer_name']}
          placeholder={t('editor.namePlaceholder')}
        />
        <InputField
          id="referrer-no"
          label={label('referrer_no')}
          value={values.referrer_no}
          onChange={set('referrer_no')}
          error={errors['referrer_no']}
          placeholder={t('editor.numberPlaceholder')}
          description={<span className="muted">{t('editor.numberHint')}</span>}
        />
        <InputField
          id="referrer-commission"
          label={`${label('commission')} (%)`}
          required
          inputMode="decimal"
          value={values.commission}
          onChange={set('commission')}
          error={errors['commission']}
          placeholder="0–100"
          description={<span className="muted">{t('editor.commissionHint')}</span>}
        />
        <TextAreaField
          id="referrer-remarks"
          label={label('remarks')}
          value={values.remarks}
          onChange={set('remarks')}
          error={errors['remarks']}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </List>
    </SheetFrame>
  );
}

export const ReferrerEditorSheet = inSheet(ReferrerEditor);
