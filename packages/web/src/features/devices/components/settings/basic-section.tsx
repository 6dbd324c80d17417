import { TEXT_MAX } from '@vendo/contract/constants';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../../../components/form/field';
import { InputField } from '../../../../components/form/input-field';
import { managesAllStores } from '../../../../lib/permissions';
import { useUserInfo } from '../../../../lib/session';
import { useStoreOptions } from '../../api/get-store-options';
import type { SettingsForm } from './use-settings-form';

/**
 * The machine's name and the store it stands in, grouped by area. Staff limited to listed stores may not take a
 * machine out of their stores (the server refuses it as 'Store does not exist'): no "Not in a store" for them.
 */
export function BasicSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation('deviceSheets');
  const { values, errors, set } = form;
  const mayLeaveStores = managesAllStores(useUserInfo()) || values.store_id === null;
  const stores = useStoreOptions();
  const storeList = stores.data?.data ?? [];
  const areas = [...new Map(storeList.map((s) => [s.area._id, s.area.area_name])).entries()];
  return (
    <List mode="card" className="dv-form" header={t('settings.basic')}>
      <InputField
        id="set-title"
        label={t('settings.name')}
        description={t('settings.nameHint')}
        error={errors.title}
        value={values.title}
        onChange={set('title')}
        placeholder={t('settings.namePlaceholder')}
        maxLength={TEXT_MAX.name}
      />
      <Field id="set-store" label={t('settings.store')} error={errors.store_id}>
        <select
          id="set-store"
          className="dv-select"
          value={values.store_id ?? ''}
          onChange={(event) => set('store_id')(event.target.value ? Number(event.target.value) : null)}
          {...fieldAria('set-store', errors.store_id)}
        >
          {mayLeaveStores ? <option value="">{t('settings.noStore')}</option> : null}
          {areas.map(([areaId, areaName]) => (
            <optgroup key={areaId} label={areaName}>
              {storeList
                .filter((s) => s.area._id === areaId)
                .map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.store_name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </Field>
    </List>
  );
}
