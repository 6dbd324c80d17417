import { UNBIND_CONFIRMATIONS, UNBIND_RESET_MS } from '@vendo/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/** 1, 2 or 3: which of the three confirmations of spec §4 is asked. */
export type UnbindStep = number;

/** Confirming a step moves to the next; the last one unbinds. */
export function afterConfirm(step: UnbindStep): { step: UnbindStep; unbind: boolean } {
  return step >= UNBIND_CONFIRMATIONS ? { step, unbind: true } : { step: step + 1, unbind: false };
}

/**
 * The three confirmations (spec §4, §9): each with its own prompt; confirming the third unbinds; a cancel closes
 * the question and, 1 s later (once the dialog has gone), starts again from the first.
 */
export function useUnbindSteps(onUnbind: () => void) {
  const [step, setStep] = useState<UnbindStep>(1);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  useEffect(() => clearTimer, []);

  const start = useCallback(() => {
    clearTimer();
    setStep(1);
    setOpen(true);
  }, []);

  const confirm = () => {
    const next = afterConfirm(step);
    if (next.unbind) {
      setOpen(false);
      onUnbind();
      timer.current = setTimeout(() => setStep(1), UNBIND_RESET_MS);
    } else {
      setStep(next.step);
    }
  };

  const cancel = () => {
    setOpen(false);
    clearTimer();
    timer.current = setTimeout(() => setStep(1), UNBIND_RESET_MS);
  };

  return { step, open, start, confirm, cancel };
}
