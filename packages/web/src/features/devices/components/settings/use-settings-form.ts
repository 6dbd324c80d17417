import type { Device, PushOutcome } from '@vendo/contract/api/devices';
import { DEFAULT_DEVICE_SETTINGS } from '@vendo/contract/device-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useForm } from '../../../../components/form/use-form';
import { currentLocale } from '../../../../i18n/i18n';
import { toast } from '../../../../lib/notify';
import { useEditDevice } from '../../api/edit-device';
import { failureOf, type CallOutcome } from '../../utils/outcome';
import { settingsBody, settingsToForm, type SettingsFormValues } from '../../utils/settings-form-values';

/** The settings that are lists of rows. */
export type RowList = 'game_package' | 'extend';

/** The label each checked field shows, by its path (a game package's fields by their column). */
function fieldLabel(t: TFunction<'deviceSheets'>, path: string): string {
  switch (path.replace(/^(game_package|extend)\.\d+\./, '$1.')) {
    case 'title':
      return t('settings.name');
    case 'price':
      return t('settings.price');
    case 'probability':
      return t('settings.probability');
    case 'power_on':
      return t('settings.powerOn');
    case 'power_off':
      return t('settings.powerOff');
    case 'channel_x':
      return t('settings.channelX');
    case 'game_mode':
      return t('settings.gameMode');
    case 'lamp_brightness':
      return t('settings.lampBrightness');
    case 'lamp_style.wait':
      return t('settings.lampWait');
    case 'stock_notify_threshold':
      return t('settings.threshold');
    case 'cool_down':
      return t('settings.coolDown');
    case 'game_package.plays':
      return t('settings.plays');
    case 'game_package.price':
      return t('settings.packagePrice');
    case 'extend.key':
      return t('settings.paramKey');
    default:
      return '';
  }
}

/**
 * The settings form of one machine (spec §3 device detail, /d/editDev): its values and messages through the form
 * hook, its rows, the defaults, and the save with how the push to the machine went. What a person typed stays
 * whatever goes wrong.
 */
export function useSettingsForm(device: Device) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const edit = useEditDevice();
  const form = useForm<SettingsFormValues>(() => settingsToForm(device));
  const { values, update, check, setValues, setErrors } = form;
  const [push, setPush] = useState<PushOutcome | null>(null);
  const [failure, setFailure] = useState<CallOutcome | null>(null);
  // The device as last saved: a second save compares with it (the title and the store it now has).
  const [saved, setSaved] = useState(device);

  const setRow = <K extends RowList>(list: K, index: number, patch: Partial<SettingsFormValues[K][number]>) =>
    update(
      (prev) => ({ ...prev, [list]: prev[list].map((row, i) => (i === index ? { ...row, ...patch } : row)) }),
      Object.keys(patch).map((field) => `${list}.${index}.${field}`),
    );

  const addRow = <K extends RowList>(list: K, row: SettingsFormValues[K][number]) =>
    update((prev) => ({ ...prev, [list]: [...prev[list], row] }), [list]);

  // Row messages follow their row's place; clearing them is simpler than renumbering.
  const removeRow = (list: RowList, index: number) =>
    update(
      (prev) => ({ ...prev, [list]: prev[list].filter((_, i) => i !== index) }),
      (field) => field.startsWith(`${list}.`),
    );

  const restoreDefaults = () => {
    setValues((prev) => ({
      ...settingsToForm({ title: prev.title, store_id: prev.store_id, detail: DEFAULT_DEVICE_SETTINGS }),
      title: prev.title,
      store_id: prev.store_id,
    }));
    setErrors({});
    toast(t('settings.defaultsRestored'));
  };

  const submit = async () => {
    const { body, errors: found } = settingsBody(values, saved, {
      locale,
      range: (min, max, field) => t('settings.rangeNamed', { min, max, field }),
      label: (path) => fieldLabel(t, path),
      duplicateKey: t('settings.duplicateKey'),
    });
    if (!check(found)) {
      setPush(null);
      setFailure(null);
      toast(t('fixFields'));
      // The form is long: the first field marked in red may be far above or below the one just edited.
      requestAnimationFrame(() =>
        document.querySelector('.sheet [aria-invalid="true"]')?.scrollIntoView({ block: 'center' }),
      );
      return;
    }
    setFailure(null);
    try {
      const answer = await edit.mutateAsync(body);
      setSaved(answer.device);
      setPush(answer.push);
      toast(t('saved'), { icon: 'success' });
    } catch (error) {
      setPush(null);
      setFailure(failureOf(error));
    }
  };

  return {
    ...form,
    submitting: edit.isPending,
    push,
    failure,
    setRow,
    addRow,
    removeRow,
    restoreDefaults,
    submit,
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
