import type { Device } from '@vendo/contract/api/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { explainFailure } from '../../../components/dialog/explain-failure';
import {
  isOperSignExpired,
  type OperSign,
  type useOperGuard,
} from '../../../components/oper-pwd-keypad/use-oper-guard';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { useUnbindDevice } from '../api/unbind-device';
import { useUnbindSteps } from '../utils/unbind-steps';

/**
 * Unbinding a device (spec §4): the operation password, three questions, then the call. An operator session that
 * lapses during the questions is verified again and the questions start over. `onDone` runs after an unbind.
 */
export function useUnbindFlow(guard: ReturnType<typeof useOperGuard>, onDone: () => void) {
  const { t } = useTranslation('devices');
  const unbind = useUnbindDevice();
  const [unbinding, setUnbinding] = useState<{ device: Device; sign: OperSign } | null>(null);

  const steps = useUnbindSteps(() => {
    if (!unbinding) return;
    const { device, sign } = unbinding;
    unbind.mutate(
      { sn: device.sn, sign },
      {
        onSuccess: () => {
          toast(t('unbind.done'), { icon: 'success' });
          onDone();
        },
        onError: (error) => {
          if (isOperSignExpired(error)) {
            // The operator session lapsed during the questions: verify again, then ask again.
            guard.expire();
            toast(errorText(error));
            guard.guard((fresh) => {
              setUnbinding({ device, sign: fresh });
              steps.start();
            });
            return;
          }
          void explainFailure(error, t('unbind.failed'));
        },
      },
    );
  });

  const start = (device: Device) =>
    guard.guard((sign) => {
      setUnbinding({ device, sign });
      steps.start();
    });

  return { unbinding, steps, start };
}
