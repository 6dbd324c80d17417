import { addArea, editArea, type Area } from '@vendo/contract/api/catalog';
import { Input, List, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { useAddArea } from '../api/add-area';
import { useEditArea } from '../api/edit-area';
import { useForm } from '../utils/use-form';
import { fieldAria, FormField } from './form-field';
import { SheetForm } from './form-sheet';

/** Create or edit an area: name (required), address, service phone, remarks (spec §3). */
export function AreaForm({ area, onClose }: { area: Area | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const add = useAddArea();
  const edit = useEditArea();
  const [message, setMessage] = useState<string | null>(null);
  const { values, set, errors, setErrors } = useForm({
    name: area?.area_name ?? '',
    address: area?.area_address ?? '',
    tel: area?.phone ?? '',
    note: area?.remarks ?? '',
  });

  const submit = async () => {
    const locale = currentLocale();
    const found = area
      ? checkWithSchema(editArea.request, { _id: area._id, ...values }, locale)
      : checkWithSchema(addArea.request, values, locale);
    setErrors(found ?? {});
    if (found) return;
    setMessage(null);
    try {
      if (area) await edit.mutateAsync({ _id: area._id, ...values });
      else await add.mutateAsync(values);
      toast(t('saved'), { icon: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  return (
    <SheetForm
      title={area ? t('area.editTitle') : t('area.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={add.isPending || edit.isPending}
      message={message}
    >
      <List mode="card" className="catalog-form">
        <FormField id="area-name" label={t('area.name')} required error={errors.name}>
          <Input
            id="area-name"
            value={values.name}
            onChange={set('name')}
            placeholder={t('area.namePlaceholder')}
            maxLength={50}
            clearable
            {...fieldAria('area-name', errors.name)}
          />
        </FormField>
        <FormField id="area-address" label={t('area.address')} error={errors.address}>
          <Input
            id="area-address"
            value={values.address}
            onChange={set('address')}
            placeholder={t('area.addressPlaceholder')}
            maxLength={200}
            clearable
            {...fieldAria('area-address', errors.address)}
          />
        </FormField>
        <FormField id="area-tel" label={t('area.phone')} error={errors.tel}>
          <Input
            id="area-tel"
            type="tel"
            value={values.tel}
            onChange={set('tel')}
            placeholder={t('phonePlaceholder')}
            maxLength={20}
            clearable
            {...fieldAria('area-tel', errors.tel)}
          />
        </FormField>
        <FormField id="area-note" label={t('remarks')} error={errors.note}>
          <TextArea
            id="area-note"
            value={values.note}
            onChange={set('note')}
            placeholder={t('remarksPlaceholder')}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
            {...fieldAria('area-note', errors.note)}
          />
        </FormField>
      </List>
    </SheetForm>
  );
}
