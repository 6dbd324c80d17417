import type { Device } from '@vendo/contract/api/devices';
import { ONLINE_STATE_LABELS, onlineState } from '@vendo/contract/enums';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state/list-state';
import type { OperSign } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { useUserInfo } from '../../../lib/session';
import { useChannels } from '../api/get-channels';
import { useShopAlive } from '../api/shop-alive';
import { consoleEnabled } from '../utils/access';
import { DebugConsole } from './debug-console';
import { DispenseSection } from './remote/dispense-section';
import { LampSection } from './remote/lamp-section';
import { PowerSection } from './remote/power-section';
import { ResultLine } from './remote/remote-parts';
import { TestSection } from './remote/test-section';
import { useRemoteCalls } from './remote/use-remote-calls';
import { SignalBars } from './signal-bars';
import './sheet-texts';

interface RemoteSheetProps {
  device: Device;
  /** The operator sign the guard gave (undefined for users without an operation password). */
  sign: OperSign;
  /** 'test': the test entry of staff without remote control (spec §6), only the motor test. */
  mode: 'remote' | 'test';
  onClose: () => void;
  /** The server found the operator session over: the screen closes this and verifies again. */
  onSignExpired: () => void;
}

/**
 * Remote control of one machine (spec §6, §7): shop-app check, test dispense, dispense, power, settings refresh and
 * lamp. Each action shows the machine's answer or the refusal's rcode and msg: offline, timeout, "try again in N
 * seconds", shelf out of stock. The debug console shows each call in full when the Account app enables it.
 */
function Remote({ device, sign, mode, onClose, onSignExpired }: RemoteSheetProps) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const user = useUserInfo();
  const channels = useChannels(device.sn);
  const shopAlive = useShopAlive();
  const calls = useRemoteCalls(onSignExpired);
  const shelves = channels.data?.data ?? [];
  const type = channels.data?.device.type ?? device.type;
  const showConsole = user ? consoleEnabled(user) : false;
  const alive = channels.data?.device.alive ?? device.alive;
  const state = onlineState(alive);
  const parts = { sn: device.sn, sign, calls };

  const checkShop = () =>
    calls.run(
      'shop',
      '/d/onlineShopAlive',
      { sn: device.sn },
      () => shopAlive.mutateAsync({ sn: device.sn }),
      (a) => t('remote.shopAnswer', { ms: a.latency_ms, version: a.version || t('unknown') }),
    );

  return (
    <SheetFrame title={mode === 'remote' ? t('remote.title') : t('remote.testTitle')} onClose={onClose} tall>
      <p className="dv-subtitle">{`${device.title || t('notSet')} · ${device.sn}`}</p>
      <div className="card dv-remote-state">
        <span className="dv-presence" data-state={state}>
          {ONLINE_STATE_LABELS[state][locale]}
        </span>
        <SignalBars alive={alive} rssi={device.rssi} />
        {alive === 0 ? <span className="muted">{t('remote.offlineNote')}</span> : null}
        {mode === 'remote' ? (
          <Button
            size="small"
            fill="outline"
            color="primary"
            className="dv-push-right"
            loading={shopAlive.isPending}
            onClick={() => void checkShop()}
          >
            {t('remote.shop')}
          </Button>
        ) : null}
      </div>
      {mode === 'remote' ? <ResultLine result={calls.results.shop} /> : null}

      {/* The sections need the shelves: a failed load says why here, once (the query is quiet). */}
      <ListState
        pending={channels.isPending}
        failed={channels.isError && !channels.data}
        error={channels.error}
        onRetry={() => void channels.refetch()}
      >
        <>
          <TestSection {...parts} shelves={shelves} />
          {mode === 'remote' ? (
            <>
              <DispenseSection {...parts} type={type} shelves={shelves} />
              <PowerSection {...parts} />
              <LampSection device={device} sign={sign} calls={calls} />
            </>
          ) : null}
          {showConsole ? <DebugConsole entries={calls.log} onClear={calls.clearLog} /> : null}
        </>
      </ListState>
    </SheetFrame>
  );
}

export const RemoteSheet = inSheet(Remote);
