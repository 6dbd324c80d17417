import type { Device } from '@vendo/contract/api/devices';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../../../components/form/form-submit';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { FailureStatus, PushStatus } from './push-status';
import { AdvancedSection } from './settings/advanced-section';
import { BasicSection } from './settings/basic-section';
import { LampSection } from './settings/lamp-section';
import { PackagesSection } from './settings/packages-section';
import { ParamsSection } from './settings/params-section';
import { SalesSection } from './settings/sales-section';
import { ScheduleSection } from './settings/schedule-section';
import { StockSection } from './settings/stock-section';
import { useSettingsForm } from './settings/use-settings-form';
import './sheet-texts';

/**
 * Settings of one machine (spec §3 device detail, /d/editDev): every field with its default, in the spec's groups
 * (name and store, schedule, sales, game packages, lamp, stock, modes, custom parameters), then the push.
 */
function Settings({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('deviceSheets');
  const form = useSettingsForm(device);
  const { push, failure, submitting } = form;

  return (
    <SheetFrame
      title={t('settings.title')}
      onClose={onClose}
      onSubmit={() => void form.submit()}
      submitting={submitting}
      tall
      footer={
        <>
          {push ? (
            <PushStatus push={push} what="settings" />
          ) : failure ? (
            <FailureStatus title={t('settings.failed')} rcode={failure.rcode} msg={failure.msg} />
          ) : null}
          <FormSubmit submitting={submitting}>{t('save')}</FormSubmit>
        </>
      }
    >
      <p className="dv-subtitle">{`${device.title || t('notSet')} · ${device.sn}`}</p>
      <BasicSection form={form} />
      <ScheduleSection form={form} />
      <SalesSection form={form} />
      <PackagesSection form={form} />
      <LampSection form={form} />
      <StockSection form={form} />
      <AdvancedSection form={form} />
      <ParamsSection form={form} />
      <div className="dv-sheet-extra">
        <Button block fill="none" color="primary" onClick={form.restoreDefaults}>
          {t('settings.restoreDefaults')}
        </Button>
        <p className="dv-hint">{t('settings.fixedNote')}</p>
      </div>
    </SheetFrame>
  );
}

export const SettingsSheet = inSheet(Settings);
