import { addArea, editArea, type Area } from '@vendo/contract/api/catalog';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { useAddArea } from '../api/add-area';
import { useEditArea } from '../api/edit-area';
import { TEXT_MAX } from '@vendo/contract/constants';

/** Create or edit an area: name (required), address, service phone, remarks (spec §3). */
function AreaForm({ area, onClose }: { area: Area | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const add = useAddArea();
  const edit = useEditArea();
  const { values, bind, setErrors, message, attempt } = useForm({
    name: area?.area_name ?? '',
    address: area?.area_address ?? '',
    tel: area?.phone ?? '',
    note: area?.remarks ?? '',
  });

  const submit = async () => {
    const locale = currentLocale();
    // An empty field's message names it ("Area name cannot be empty").
    const labels = {
      name: t('area.name'),
      address: t('area.address'),
      tel: t('area.phone'),
      note: t('remarks'),
    };
    const found = area
      ? checkWithSchema(editArea.request, { _id: area._id, ...values }, locale, labels)
      : checkWithSchema(addArea.request, values, locale, labels);
    setErrors(found ?? {});
    if (found) return;
    await attempt(async () => {
      if (area) await edit.mutateAsync({ _id: area._id, ...values });
      else await add.mutateAsync(values);
      toast(t('saved'), { icon: 'success' });
      onClose();
    });
  };

  return (
    <SheetFrame
      tall
      title={area ? t('area.editTitle') : t('area.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={add.isPending || edit.isPending}
      message={message}
    >
      <List mode="card" className="catalog-form">
        <InputField
          id="area-name"
          label={t('area.name')}
          required
          {...bind('name')}
          placeholder={t('area.namePlaceholder')}
          maxLength={TEXT_MAX.name}
        />
        <InputField
          id="area-address"
          label={t('area.address')}
          {...bind('address')}
          placeholder={t('area.addressPlaceholder')}
          maxLength={TEXT_MAX.address}
        />
        <InputField
          id="area-tel"
          label={t('area.phone')}
          {...bind('tel')}
          type="tel"
          placeholder={t('phonePlaceholder')}
          maxLength={TEXT_MAX.phone}
        />
        <TextAreaField
          id="area-note"
          label={t('remarks')}
          {...bind('note')}
          placeholder={t('remarksPlaceholder')}
          maxLength={TEXT_MAX.remarks}
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </List>
    </SheetFrame>
  );
}

/** The area form in its sheet, loaded when the area list first opens it. */
export const AreaFormSheet = inSheet(AreaForm);
