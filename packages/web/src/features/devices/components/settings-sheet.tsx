import type { Device, PushOutcome } from '@vendo/contract/api/devices';
import { GAME_BLACKLIST_DAYS } from '@vendo/contract/constants';
import { DEFAULT_DEVICE_SETTINGS } from '@vendo/contract/device-protocol';
import {
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  LAMP_COLOR_HEX,
  LAMP_COLOR_LABELS,
  LAMP_COLORS,
  type Difficulty,
} from '@vendo/contract/enums';
import { centsToYuan } from '@vendo/contract/money';
import { Button, List, Switch } from 'antd-mobile';
import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import type { FieldErrors } from '../../../lib/validation';
import { useEditDevice } from '../api/edit-device';
import { useStoreOptions } from '../api/get-store-options';
import { hasErrors } from '../../../components/form/use-form';
import { failureOf } from '../utils/outcome';
import {
  MAX_PACKAGES,
  MAX_PARAMS,
  SETTING_RANGES,
  settingsBody,
  settingsToForm,
  type SettingsFormValues,
} from '../utils/settings-form-values';
import { Field, fieldAria } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { FailureStatus, PushStatus } from './push-status';
import { FormSubmit } from '../../../components/form/form-submit';
import './sheet-texts';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';

const D = DEFAULT_DEVICE_SETTINGS;

/** A switch row: the label, what it does, and the switch. */
function SwitchRow({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <List.Item
      className="field dv-field"
      description={description}
      extra={<Switch checked={checked} onChange={onChange} aria-labelledby={`${id}-label`} />}
      arrowIcon={false}
    >
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
    </List.Item>
  );
}

/** Settings of one machine (spec §3 device detail, /d/editDev): every field with its default, then the push. */
function Settings({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const edit = useEditDevice();
  const stores = useStoreOptions();
  const [values, setValues] = useState<SettingsFormValues>(() => settingsToForm(device));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [push, setPush] = useState<PushOutcome | null>(null);
  const [failure, setFailure] = useState<{ rcode: number; msg: string } | null>(null);
  // The device as last saved: a second save compares with it (the title and the store it now has).
  const [saved, setSaved] = useState(device);

  const set =
    <K extends keyof SettingsFormValues>(name: K) =>
    (value: SettingsFormValues[K]) => {
      setValues((prev) => ({ ...prev, [name]: value }));
      setErrors((prev) => (prev[name] === undefined ? prev : { ...prev, [name]: undefined }));
    };
  const setRow = <K extends 'game_package' | 'extend'>(
    list: K,
    index: number,
    patch: Partial<SettingsFormValues[K][number]>,
  ) => {
    setValues((prev) => ({
      ...prev,
      [list]: prev[list].map((row, i) => (i === index ? { ...row, ...patch } : row)),
    }));
    setErrors((prev) => {
      const next = { ...prev };
      for (const field of Object.keys(patch)) delete next[`${list}.${index}.${field}`];
      return next;
    });
  };
  const removeRow = (list: 'game_package' | 'extend', index: number) => {
    setValues((prev) => ({ ...prev, [list]: prev[list].filter((_, i) => i !== index) }));
    // Row messages follow their row's place; clearing them is simpler than renumbering.
    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith(`${list}.`))));
  };

  const restoreDefaults = () => {
    setValues((prev) => ({
      ...settingsToForm({ title: prev.title, store_id: prev.store_id, detail: D }),
      title: prev.title,
      store_id: prev.store_id,
    }));
    setErrors({});
    toast(t('settings.defaultsRestored'));
  };

  const submit = async () => {
    const { body, errors: found } = settingsBody(values, saved, {
      locale,
      range: (min, max) => t('settings.range', { min, max }),
      duplicateKey: t('settings.duplicateKey'),
    });
    setErrors(found);
    if (hasErrors(found)) {
      setPush(null);
      setFailure(null);
      toast(t('fixFields'));
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

  /** The range under a whole-number field, and its message. */
  const ranged = (name: keyof typeof SETTING_RANGES, field: string) => {
    const [min, max] = SETTING_RANGES[name];
    return { description: t('settings.rangeHint', { min, max }), error: errors[field] };
  };

  const storeList = stores.data?.data ?? [];
  const areas = [...new Map(storeList.map((s) => [s.area._id, s.area.area_name])).entries()];
  const colorIsNamed = LAMP_COLORS.some(
    (c) =>
      (LAMP_COLOR_HEX[c] ?? 'random') === values.lamp_color.toUpperCase() ||
      (c === 'random' && values.lamp_color === 'random'),
  );

  return (
    <SheetFrame
      title={t('settings.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={edit.isPending}
      tall
      footer={
        <>
          {push ? (
            <PushStatus push={push} what="settings" />
          ) : failure ? (
            <FailureStatus title={t('settings.failed')} rcode={failure.rcode} msg={failure.msg} />
          ) : null}
          <FormSubmit submitting={edit.isPending}>{t('save')}</FormSubmit>
        </>
      }
    >
      <p className="dv-subtitle">{`${device.title || t('notSet')} · ${device.sn}`}</p>
      <List mode="card" className="dv-form" header={t('settings.basic')}>
        <InputField
          id="set-title"
          label={t('settings.name')}
          description={t('settings.nameHint')}
          error={errors.title}
          value={values.title}
          onChange={set('title')}
          placeholder={t('settings.namePlaceholder')}
          maxLength={50}
        />
        <Field id="set-store" label={t('settings.store')} error={errors.store_id}>
          <select
            id="set-store"
            className="dv-select"
            value={values.store_id ?? ''}
            onChange={(event) => set('store_id')(event.target.value ? Number(event.target.value) : null)}
            {...fieldAria('set-store', errors.store_id)}
          >
            <option value="">{t('settings.noStore')}</option>
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

      <List mode="card" className="dv-form" header={t('settings.schedule')}>
        <SwitchRow
          id="set-power-ctrl"
          label={t('settings.powerCtrl')}
          description={t('settings.powerCtrlHint')}
          checked={values.power_ctrl}
          onChange={set('power_ctrl')}
        />
        <Field
          id="set-power-on"
          label={t('settings.powerOn')}
          description={t('settings.default', { value: D.power_on })}
          error={errors.power_on}
        >
          <input
            id="set-power-on"
            type="time"
            className="dv-native"
            value={values.power_on}
            onChange={(event) => set('power_on')(event.target.value)}
            {...fieldAria('set-power-on', errors.power_on)}
          />
        </Field>
        <Field
          id="set-power-off"
          label={t('settings.powerOff')}
          description={t('settings.default', { value: D.power_off })}
          error={errors.power_off}
        >
          <input
            id="set-power-off"
            type="time"
            className="dv-native"
            value={values.power_off}
            onChange={(event) => set('power_off')(event.target.value)}
            {...fieldAria('set-power-off', errors.power_off)}
          />
        </Field>
      </List>

      <List mode="card" className="dv-form" header={t('settings.sales')}>
        <InputField
          id="set-price"
          label={t('settings.price')}
          required
          description={`${t('rules.price')} ${t('settings.default', { value: centsToYuan(D.price) })}`}
          error={errors.price}
          extra={<span className="dv-unit">{t('yuan')}</span>}
          inputMode="decimal"
          value={values.price}
          onChange={set('price')}
          clearable={false}
        />
        <SwitchRow
          id="set-same-gp"
          label={t('settings.sameGp')}
          description={t('settings.sameGpHint')}
          checked={values.same_gp}
          onChange={set('same_gp')}
        />
        <SwitchRow
          id="set-same-pb"
          label={t('settings.samePb')}
          description={t('settings.samePbHint')}
          checked={values.same_pb}
          onChange={set('same_pb')}
        />
        <InputField
          id="set-probability"
          label={t('settings.probability')}
          description={t('rules.winRate')}
          error={errors.probability}
          extra={<span className="dv-unit">%</span>}
          inputMode="numeric"
          value={values.probability}
          onChange={set('probability')}
          clearable={false}
        />
        <Field
          id="set-difficulty"
          label={t('settings.difficulty')}
          description={t('settings.default', { value: DIFFICULTY_LABELS[D.difficulty][locale] })}
          error={errors.difficulty}
        >
          <select
            id="set-difficulty"
            className="dv-select"
            value={values.difficulty}
            onChange={(event) => set('difficulty')(event.target.value as Difficulty)}
          >
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {DIFFICULTY_LABELS[d][locale]}
              </option>
            ))}
          </select>
        </Field>
        <SwitchRow
          id="set-game-black"
          label={t('settings.gameBlack')}
          description={t('settings.gameBlackHint', { days: GAME_BLACKLIST_DAYS })}
          checked={values.game_black}
          onChange={set('game_black')}
        />
      </List>

      <section className="card dv-rows" aria-labelledby="set-packages-title">
        <div className="dv-rows-head">
          <h3 id="set-packages-title">{t('settings.packages')}</h3>
          <Button
            size="mini"
            fill="outline"
            color="primary"
            disabled={values.game_package.length >= MAX_PACKAGES}
            onClick={() => set('game_package')([...values.game_package, { plays: '1', price: '' }])}
          >
            <AddOutline aria-hidden="true" /> {t('settings.addPackage')}
          </Button>
        </div>
        <p className="dv-hint">{t('settings.packagesHint', { max: MAX_PACKAGES })}</p>
        {values.game_package.length === 0 ? (
          <p className="muted dv-rows-empty">{t('settings.noPackages')}</p>
        ) : null}
        <ol className="dv-row-list">
          {values.game_package.map((row, i) => {
            const playsError = errors[`game_package.${i}.plays`];
            const priceError = errors[`game_package.${i}.price`];
            return (
              <li key={i} className="dv-row">
                <label className="dv-row-cell">
                  <span>{t('settings.plays')}</span>
                  <input
                    className="dv-native dv-box"
                    inputMode="numeric"
                    value={row.plays}
                    onChange={(event) => setRow('game_package', i, { plays: event.target.value })}
                    aria-invalid={playsError ? true : undefined}
                  />
                </label>
                <label className="dv-row-cell">
                  <span>{t('settings.packagePrice')}</span>
                  <input
                    className="dv-native dv-box"
                    inputMode="decimal"
                    value={row.price}
                    onChange={(event) => setRow('game_package', i, { price: event.target.value })}
                    aria-invalid={priceError ? true : undefined}
                  />
                </label>
                <button
                  type="button"
                  className="icon-button dv-row-remove"
                  aria-label={t('settings.removePackage', { n: i + 1 })}
                  onClick={() => removeRow('game_package', i)}
                >
                  <DeleteOutline />
                </button>
                {playsError || priceError ? (
                  <p className="field-error dv-row-error" role="alert">
                    {[playsError, priceError].filter(Boolean).join(' ')}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>

      <List mode="card" className="dv-form" header={t('settings.lamp')}>
        <SwitchRow
          id="set-lamp-ctrl"
          label={t('settings.lampCtrl')}
          checked={values.lamp_ctrl}
          onChange={set('lamp_ctrl')}
        />
        <List.Item
          className="field dv-field"
          description={
            t('settings.default', { value: LAMP_COLOR_LABELS.blue[locale] }) +
            (colorIsNamed ? '' : ` · ${t('settings.customColor', { value: values.lamp_color })}`)
          }
          arrowIcon={false}
        >
          <span className="field-label" id="set-lamp-color-label">
            {t('settings.lampColor')}
          </span>
          <div className="dv-swatches" role="radiogroup" aria-labelledby="set-lamp-color-label">
            {LAMP_COLORS.map((c) => {
              const hex = LAMP_COLOR_HEX[c];
              const value = hex ?? 'random';
              const checked = values.lamp_color.toUpperCase() === value.toUpperCase();
              return (
                <button
                  key={c}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  aria-label={LAMP_COLOR_LABELS[c][locale]}
                  title={LAMP_COLOR_LABELS[c][locale]}
                  className="dv-swatch"
                  data-color={c}
                  style={hex ? { background: hex } : undefined}
                  onClick={() => set('lamp_color')(value)}
                />
              );
            })}
          </div>
        </List.Item>
        <Field
          id="set-lamp-brightness"
          label={t('settings.lampBrightness')}
          {...ranged('lamp_brightness', 'lamp_brightness')}
        >
          <div className="dv-range">
            <input
              id="set-lamp-brightness"
              type="range"
              min={0}
              max={255}
              value={Number(values.lamp_brightness) || 0}
              onChange={(event) => set('lamp_brightness')(event.target.value)}
            />
            <output htmlFor="set-lamp-brightness">{values.lamp_brightness}</output>
          </div>
        </Field>
        <InputField
          id="set-lamp-wait"
          label={t('settings.lampWait')}
          {...ranged('lamp_wait', 'lamp_style.wait')}
          extra={<span className="dv-unit">{t('seconds')}</span>}
          inputMode="numeric"
          value={values.lamp_wait}
          onChange={set('lamp_wait')}
          clearable={false}
        />
      </List>

      <List mode="card" className="dv-form" header={t('settings.stock')}>
        <InputField
          id="set-threshold"
          label={t('settings.threshold')}
          description={t('settings.thresholdHint')}
          error={errors.stock_notify_threshold}
          inputMode="numeric"
          value={values.stock_notify_threshold}
          onChange={set('stock_notify_threshold')}
          clearable={false}
        />
        <InputField
          id="set-cool-down"
          label={t('settings.coolDown')}
          description={t('settings.coolDownHint')}
          error={errors.cool_down}
          extra={<span className="dv-unit">{t('seconds')}</span>}
          inputMode="numeric"
          value={values.cool_down}
          onChange={set('cool_down')}
          clearable={false}
        />
      </List>

      <List mode="card" className="dv-form" header={t('settings.advanced')}>
        <InputField
          id="set-buy-mode"
          label={t('settings.buyMode')}
          description={`${t('rules.mode')} ${t('settings.default', { value: D.buy_mode })}`}
          error={errors.buy_mode}
          value={values.buy_mode}
          onChange={set('buy_mode')}
          maxLength={16}
          clearable={false}
        />
        <InputField
          id="set-ad-mode"
          label={t('settings.adMode')}
          description={`${t('rules.mode')} ${t('settings.default', { value: D.ad_mode })}`}
          error={errors.ad_mode}
          value={values.ad_mode}
          onChange={set('ad_mode')}
          maxLength={16}
          clearable={false}
        />
        <InputField
          id="set-game-mode"
          label={t('settings.gameMode')}
          description={`${t('settings.rangeHint', { min: 0, max: 99 })} ${t('settings.default', { value: D.game_mode })}`}
          error={errors.game_mode}
          inputMode="numeric"
          value={values.game_mode}
          onChange={set('game_mode')}
          clearable={false}
        />
        <InputField
          id="set-channel-x"
          label={t('settings.channelX')}
          description={`${t('settings.rangeHint', { min: 1, max: 20 })} ${t('settings.default', { value: D.channel_x })}`}
          error={errors.channel_x}
          inputMode="numeric"
          value={values.channel_x}
          onChange={set('channel_x')}
          clearable={false}
        />
      </List>

      <section className="card dv-rows" aria-labelledby="set-params-title">
        <div className="dv-rows-head">
          <h3 id="set-params-title">{t('settings.params')}</h3>
          <Button
            size="mini"
            fill="outline"
            color="primary"
            disabled={values.extend.length >= MAX_PARAMS}
            onClick={() => set('extend')([...values.extend, { key: '', value: '', note: '' }])}
          >
            <AddOutline aria-hidden="true" /> {t('settings.addParam')}
          </Button>
        </div>
        <p className="dv-hint">{t('settings.paramsHint')}</p>
        {values.extend.length === 0 ? <p className="muted dv-rows-empty">{t('settings.noParams')}</p> : null}
        <ol className="dv-row-list">
          {values.extend.map((row, i) => {
            const rowErrors = [
              errors[`extend.${i}.key`],
              errors[`extend.${i}.value`],
              errors[`extend.${i}.note`],
            ];
            return (
              <li key={i} className="dv-row dv-param">
                <label className="dv-row-cell">
                  <span>{t('settings.paramKey')}</span>
                  <input
                    className="dv-native dv-box"
                    value={row.key}
                    maxLength={64}
                    onChange={(event) => setRow('extend', i, { key: event.target.value })}
                    aria-invalid={rowErrors[0] ? true : undefined}
                  />
                </label>
                <label className="dv-row-cell">
                  <span>{t('settings.paramValue')}</span>
                  <input
                    className="dv-native dv-box"
                    value={row.value}
                    maxLength={500}
                    onChange={(event) => setRow('extend', i, { value: event.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className="icon-button dv-row-remove"
                  aria-label={t('settings.removeParam', { n: i + 1 })}
                  onClick={() => removeRow('extend', i)}
                >
                  <DeleteOutline />
                </button>
                <label className="dv-row-cell dv-row-wide">
                  <span>{t('settings.paramNote')}</span>
                  <input
                    className="dv-native dv-box"
                    value={row.note}
                    maxLength={200}
                    onChange={(event) => setRow('extend', i, { note: event.target.value })}
                  />
                </label>
                {rowErrors.some(Boolean) ? (
                  <p className="field-error dv-row-error" role="alert">
                    {rowErrors.filter(Boolean).join(' ')}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>

      <div className="dv-sheet-extra">
        <Button block fill="none" color="primary" onClick={restoreDefaults}>
          {t('settings.restoreDefaults')}
        </Button>
        <p className="dv-hint">{t('settings.fixedNote')}</p>
      </div>
    </SheetFrame>
  );
}

export const SettingsSheet = inSheet(Settings);
