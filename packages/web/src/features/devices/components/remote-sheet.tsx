import type { Device } from '@vendo/contract/api/devices';
import {
  LAMP_COLOR_HEX,
  LAMP_COLOR_LABELS,
  LAMP_COLORS,
  ONLINE_STATE_LABELS,
  onlineState,
} from '@vendo/contract/enums';
import { Button, DotLoading } from 'antd-mobile';
import { CheckCircleOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/dialog/confirm';
import { isOperSignExpired, type OperSign } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { useUserInfo } from '../../../lib/session';
import { useChannels } from '../api/get-channels';
import { usePower } from '../api/power';
import { useRemoteOuting } from '../api/remote-outing';
import { useShopAlive } from '../api/shop-alive';
import { useSwitchLed } from '../api/switch-led';
import { useTestOut } from '../api/test-out';
import { consoleEnabled } from '../utils/access';
import { failureOf, type CallOutcome } from '../utils/outcome';
import { dispenseQuantityError, dispensesOneAtATime } from '../utils/shelf-form-values';
import { DebugConsole, type ConsoleEntry } from './debug-console';

import { SignalBars } from './signal-bars';
import './sheet-texts';

type ActionKey = 'shop' | 'test' | 'dispense' | 'power' | 'lamp';

interface Result extends CallOutcome {
  /** What happened, in words, when the machine did it. */
  text: string;
}

/** The rcode and msg of an action (spec §7: remote-control actions store rcode and msg for display). */
function ResultLine({ result }: { result: Result | undefined }) {
  const { t } = useTranslation('deviceSheets');
  if (!result) return null;
  const ok = result.rcode === 0;
  return (
    <div className="dv-result" data-ok={ok} role={ok ? 'status' : 'alert'}>
      {ok ? <CheckCircleOutline aria-hidden="true" /> : <CloseCircleOutline aria-hidden="true" />}
      <div>
        <p className="dv-result-text">{result.text}</p>
        <p className="dv-outcome-code">{t('rcodeMsg', { rcode: result.rcode, msg: result.msg })}</p>
      </div>
    </div>
  );
}

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const id = `remote-${title.replace(/\W+/g, '-')}`;
  return (
    <section className="card dv-remote" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {hint ? <p className="dv-hint">{hint}</p> : null}
      {children}
    </section>
  );
}

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
  const testOut = useTestOut();
  const outing = useRemoteOuting();
  const power = usePower();
  const lamp = useSwitchLed();
  const [results, setResults] = useState<Partial<Record<ActionKey, Result>>>({});
  const [log, setLog] = useState<ConsoleEntry[]>([]);
  const [testShelf, setTestShelf] = useState('');
  const [times, setTimes] = useState('1');
  const [dispenseShelf, setDispenseShelf] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [lampColor, setLampColor] = useState(device.detail.lamp_color);
  const [brightness, setBrightness] = useState(device.detail.lamp_brightness);
  const shelves = channels.data?.data ?? [];
  const type = channels.data?.device.type ?? device.type;
  const oneAtATime = dispensesOneAtATime(type);
  const showConsole = user ? consoleEnabled(user) : false;
  const alive = channels.data?.device.alive ?? device.alive;
  const state = onlineState(alive);
  const firstShelf = shelves[0] ? String(shelves[0].channel_sn) : '';
  const testRoad = testShelf || firstShelf;
  const dispenseRoad = dispenseShelf || firstShelf;

  async function run<T>(
    key: ActionKey,
    path: string,
    body: Record<string, unknown>,
    send: () => Promise<T>,
    describe: (answer: T) => string,
  ) {
    const started = Date.now();
    const entry = (outcome: CallOutcome, answer: unknown): ConsoleEntry => ({
      at: started,
      path,
      // The sign is a password for two hours; the console never shows it.
      body: { ...body, ...('sign' in body ? { sign: body.sign ? '••••••' : undefined } : {}) },
      rcode: outcome.rcode,
      msg: outcome.msg,
      result: answer,
      ms: Date.now() - started,
    });
    try {
      const answer = await send();
      const outcome = { rcode: 0, msg: t('remote.ok') };
      setResults((r) => ({ ...r, [key]: { ...outcome, text: describe(answer) } }));
      setLog((l) => [entry(outcome, answer), ...l].slice(0, 50));
    } catch (error) {
      if (isOperSignExpired(error)) {
        onSignExpired();
        return;
      }
      const outcome = failureOf(error);
      setResults((r) => ({ ...r, [key]: { ...outcome, text: t(`remote.failed.${key}`) } }));
      setLog((l) => [entry(outcome, null), ...l].slice(0, 50));
    }
  }

  const checkShop = () =>
    run(
      'shop',
      '/d/onlineShopAlive',
      { sn: device.sn },
      () => shopAlive.mutateAsync({ sn: device.sn }),
      (a) => t('remote.shopAnswer', { ms: a.latency_ms, version: a.version || t('unknown') }),
    );

  const runTest = () => {
    const body = { sn: device.sn, road: Number(testRoad), attach: { times: Number(times) }, sign };
    return run(
      'test',
      '/d/testOut',
      body,
      () => testOut.mutateAsync(body),
      (a) =>
        a.fault === 0 || a.fault_text === ''
          ? t('remote.testOk', { n: a.channel_sn })
          : t('remote.testFault', { n: a.channel_sn, fault: a.fault_text }),
    );
  };

  const dispense = async () => {
    const error = dispenseQuantityError(quantity, type, locale);
    setQuantityError(error);
    if (error) return;
    const shelf = shelves.find((s) => String(s.channel_sn) === dispenseRoad);
    const ok = await confirmAction({
      title: t('remote.dispense'),
      content: t('remote.dispenseConfirm', {
        count: Number(quantity),
        n: dispenseRoad,
        name: shelf?.goods?.goods_name ?? shelf?.name ?? '',
      }),
      confirmText: t('remote.dispense'),
    });
    if (!ok) return;
    const body = {
      sn: device.sn,
      goods: [{ channel_sn: Number(dispenseRoad), quantity: Number(quantity) }],
      sign,
    };
    await run(
      'dispense',
      '/d/remoteOuting',
      body,
      () => outing.mutateAsync(body),
      (a) =>
        t('remote.dispensed', {
          count: a.items.reduce((sum, item) => sum + item.delivered, 0),
          order: a.order,
        }),
    );
  };

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
    const body = { sn: device.sn, dev, motion, sign };
    await run(
      'power',
      '/d/power',
      body,
      () => power.mutateAsync(body),
      () => t('remote.powerDone', { action: label }),
    );
  };

  const sendLamp = (setting: 'on' | 'off') => {
    const body = {
      sn: device.sn,
      setting,
      attach: setting === 'on' ? { color: lampColor, brightness } : {},
      sign,
    };
    return run(
      'lamp',
      '/d/switchLED',
      body,
      () => lamp.mutateAsync(body),
      (a) => (a.lamp_ctrl === 1 ? t('remote.lampOn', { color: a.lamp_color }) : t('remote.lampOff')),
    );
  };

  const shelfOptions = shelves.map((s) => (
    <option key={s.id} value={s.channel_sn}>
      {t('remote.shelfOption', {
        n: s.channel_sn,
        name: s.goods?.goods_name ?? (s.name || t('shelves.noGoods')),
        quantity: s.quantity,
      })}
    </option>
  ));

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
      {mode === 'remote' ? <ResultLine result={results.shop} /> : null}

      {channels.isPending ? (
        <div className="dv-state" role="status">
          <DotLoading color="primary" />
        </div>
      ) : (
        <>
          <Section title={t('remote.test')} hint={t('remote.testHint')}>
            <div className="dv-remote-row">
              <label className="dv-row-cell dv-grow">
                <span>{t('remote.shelf')}</span>
                <select
                  className="dv-select dv-box"
                  value={testRoad}
                  onChange={(e) => setTestShelf(e.target.value)}
                >
                  {shelfOptions}
                </select>
              </label>
              <label className="dv-row-cell">
                <span>{t('remote.times')}</span>
                <select className="dv-select dv-box" value={times} onChange={(e) => setTimes(e.target.value)}>
                  {[1, 2, 3, 4, 5].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <Button
              block
              color="primary"
              disabled={!testRoad}
              loading={testOut.isPending}
              onClick={() => void runTest()}
            >
              {t('remote.runTest')}
            </Button>
            <ResultLine result={results.test} />
          </Section>

          {mode === 'remote' ? (
            <>
              <Section
                title={t('remote.dispense')}
                hint={oneAtATime ? t('remote.oneAtATime') : t('remote.dispenseHint')}
              >
                <div className="dv-remote-row">
                  <label className="dv-row-cell dv-grow">
                    <span>{t('remote.shelf')}</span>
                    <select
                      className="dv-select dv-box"
                      value={dispenseRoad}
                      onChange={(e) => setDispenseShelf(e.target.value)}
                    >
                      {shelfOptions}
                    </select>
                  </label>
                  <label className="dv-row-cell dv-narrow">
                    <span>{t('remote.quantity')}</span>
                    <input
                      className="dv-native dv-box"
                      inputMode="numeric"
                      value={oneAtATime ? '1' : quantity}
                      readOnly={oneAtATime}
                      onChange={(e) => {
                        setQuantity(e.target.value);
                        setQuantityError(null);
                      }}
                      aria-invalid={quantityError ? true : undefined}
                    />
                  </label>
                </div>
                {quantityError ? (
                  <p className="field-error" role="alert">
                    {quantityError}
                  </p>
                ) : null}
                <Button
                  block
                  color="primary"
                  disabled={!dispenseRoad}
                  loading={outing.isPending}
                  onClick={() => void dispense()}
                >
                  {t('remote.dispense')}
                </Button>
                <ResultLine result={results.dispense} />
              </Section>

              <Section title={t('remote.powerTitle')} hint={t('remote.powerHint')}>
                <p className="dv-remote-label">{t('remote.machine')}</p>
                <div className="dv-button-grid">
                  {(['on', 'off', 'reboot'] as const).map((motion) => (
                    <Button
                      key={motion}
                      size="small"
                      fill="outline"
                      disabled={power.isPending}
                      onClick={() => void sendPower('dev', motion)}
                    >
                      {t(`remote.power.dev.${motion}`)}
                    </Button>
                  ))}
                </div>
                <p className="dv-remote-label">{t('remote.dtu')}</p>
                <div className="dv-button-grid">
                  {(['on', 'off', 'reboot'] as const).map((motion) => (
                    <Button
                      key={motion}
                      size="small"
                      fill="outline"
                      disabled={power.isPending}
                      onClick={() => void sendPower('dtu', motion)}
                    >
                      {t(`remote.power.dtu.${motion}`)}
                    </Button>
                  ))}
                </div>
                <Button
                  block
                  fill="outline"
                  color="primary"
                  loading={power.isPending}
                  onClick={() => void sendPower('all', 'setting')}
                >
                  {t('remote.power.all.setting')}
                </Button>
                <ResultLine result={results.power} />
              </Section>

              <Section title={t('remote.lamp')}>
                <div className="dv-swatches" role="radiogroup" aria-label={t('settings.lampColor')}>
                  {LAMP_COLORS.map((c) => {
                    const hex = LAMP_COLOR_HEX[c];
                    const value = hex ?? 'random';
                    return (
                      <button
                        key={c}
                        type="button"
                        role="radio"
                        aria-checked={lampColor.toUpperCase() === value.toUpperCase()}
                        aria-label={LAMP_COLOR_LABELS[c][locale]}
                        title={LAMP_COLOR_LABELS[c][locale]}
                        className="dv-swatch"
                        data-color={c}
                        style={hex ? { background: hex } : undefined}
                        onClick={() => setLampColor(value)}
                      />
                    );
                  })}
                </div>
                <label className="dv-range">
                  <span>{t('settings.lampBrightness')}</span>
                  <input
                    type="range"
                    min={0}
                    max={255}
                    value={brightness}
                    onChange={(e) => setBrightness(Number(e.target.value))}
                  />
                  <output>{brightness}</output>
                </label>
                <div className="dv-button-grid dv-two">
                  <Button
                    color="primary"
                    loading={lamp.isPending && lamp.variables?.setting === 'on'}
                    onClick={() => void sendLamp('on')}
                  >
                    {t('remote.lampOnButton')}
                  </Button>
                  <Button
                    fill="outline"
                    loading={lamp.isPending && lamp.variables?.setting === 'off'}
                    onClick={() => void sendLamp('off')}
                  >
                    {t('remote.lampOffButton')}
                  </Button>
                </div>
                <ResultLine result={results.lamp} />
              </Section>
            </>
          ) : null}
          {showConsole ? <DebugConsole entries={log} onClear={() => setLog([])} /> : null}
        </>
      )}
    </SheetFrame>
  );
}

export const RemoteSheet = inSheet(Remote);
