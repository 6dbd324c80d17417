import { Button } from 'antd-mobile';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../../components/dialog/confirm';
import type { OperSign } from '../../../../components/oper-pwd-keypad/use-oper-guard';
import { usePower } from '../../api/power';
import { ResultLine, Section } from './remote-parts';
import type { RemoteCalls } from './use-remote-calls';

const MOTIONS = ['on', 'off', 'reboot'] as const;

/** Power of the machine and of its network module (off and reboot after a confirmation), and a settings refresh. */
export function PowerSection({ sn, sign, calls }: { sn: string; sign: OperSign; calls: RemoteCalls }) {
  const { t } = useTranslation('deviceSheets');
  const power = usePower();

  const sendPower = async (dev: 'dev' | 'dtu' | 'all', motion: 'on' | 'off' | 'reboot' | 'setting') => {
    const label = t(`remote.power.${dev}.${motion}` as 'remote.power.dev.on');
    if (motion === 'off' || motion === 'reboot') {
      const ok = await confirmAction({
        title: label,
        content: t('remote.powerConfirm', { action: label }),
        confirmText: label,
        danger: true,
      });
      if (!ok) return;
    }
    const body = { sn, dev, motion, sign };
    await calls.run(
      'power',
      '/d/power',
      body,
      () => power.mutateAsync(body),
      () => t('remote.powerDone', { action: label }),
    );
  };

  return (
    <Section title={t('remote.powerTitle')} hint={t('remote.powerHint')}>
      {(['dev', 'dtu'] as const).map((dev) => (
        <Fragment key={dev}>
          <p className="dv-remote-label">{dev === 'dev' ? t('remote.machine') : t('remote.dtu')}</p>
          <div className="dv-button-grid">
            {MOTIONS.map((motion) => (
              <Button
                key={motion}
                size="small"
                fill="outline"
                disabled={power.isPending}
                onClick={() => void sendPower(dev, motion)}
              >
                {t(`remote.power.${dev}.${motion}`)}
              </Button>
            ))}
          </div>
        </Fragment>
      ))}
      <Button
        block
        fill="outline"
        color="primary"
        loading={power.isPending}
        onClick={() => void sendPower('all', 'setting')}
      >
        {t('remote.power.all.setting')}
      </Button>
      <ResultLine result={calls.results.power} />
    </Section>
  );
}
