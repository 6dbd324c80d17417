import type { Channel } from '@vendo/contract/api/devices';
import { TEST_OUT_TIMES_MAX } from '@vendo/contract/device-protocol';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../../components/form/use-form';
import type { OperSign } from '../../../../components/oper-pwd-keypad/use-oper-guard';
import { useTestOut } from '../../api/test-out';
import { ResultLine, Section, ShelfSelect } from './remote-parts';
import type { RemoteCalls } from './use-remote-calls';

const TIMES = Array.from({ length: TEST_OUT_TIMES_MAX }, (_, i) => i + 1);

/** Test dispense: runs one shelf's motor a few times; nothing is sold. */
export function TestSection({
  sn,
  sign,
  shelves,
  calls,
}: {
  sn: string;
  sign: OperSign;
  shelves: readonly Channel[];
  calls: RemoteCalls;
}) {
  const { t } = useTranslation('deviceSheets');
  const testOut = useTestOut();
  const { values, set } = useForm({ shelf: '', times: '1' });
  const road = values.shelf || (shelves[0] ? String(shelves[0].channel_sn) : '');

  const runTest = () => {
    const body = { sn, road: Number(road), attach: { times: Number(values.times) }, sign };
    return calls.run(
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

  return (
    <Section title={t('remote.test')} hint={t('remote.testHint')}>
      <div className="dv-remote-row">
        <ShelfSelect shelves={shelves} value={road} onChange={set('shelf')} />
        <label className="dv-row-cell">
          <span>{t('remote.times')}</span>
          <select
            className="dv-select dv-box"
            value={values.times}
            onChange={(e) => set('times')(e.target.value)}
          >
            {TIMES.map((n) => (
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
        disabled={!road}
        loading={testOut.isPending}
        onClick={() => void runTest()}
      >
        {t('remote.runTest')}
      </Button>
      <ResultLine result={calls.results.test} />
    </Section>
  );
}
