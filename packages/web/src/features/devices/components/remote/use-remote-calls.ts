import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOperSignExpired } from '../../../../components/oper-pwd-keypad/use-oper-guard';
import { failureOf, type CallOutcome } from '../../utils/outcome';
import type { ConsoleEntry } from '../debug-console';

export type ActionKey = 'shop' | 'test' | 'dispense' | 'power' | 'lamp';

export interface ActionResult extends CallOutcome {
  /** What happened, in words, when the machine did it. */
  text: string;
}

/** The console keeps this many calls, newest first. */
const CONSOLE_ENTRIES = 50;

/**
 * The remote-control calls of one sheet: each action's last result (rcode and msg, spec §7) and the debug console's
 * log of every call, the operator sign masked. A sign the server found expired closes the sheet for a new one.
 */
export function useRemoteCalls(onSignExpired: () => void) {
  const { t } = useTranslation('deviceSheets');
  const [results, setResults] = useState<Partial<Record<ActionKey, ActionResult>>>({});
  const [log, setLog] = useState<ConsoleEntry[]>([]);

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
      setLog((l) => [entry(outcome, answer), ...l].slice(0, CONSOLE_ENTRIES));
    } catch (error) {
      if (isOperSignExpired(error)) {
        onSignExpired();
        return;
      }
      const outcome = failureOf(error);
      setResults((r) => ({ ...r, [key]: { ...outcome, text: t(`remote.failed.${key}`) } }));
      setLog((l) => [entry(outcome, null), ...l].slice(0, CONSOLE_ENTRIES));
    }
  }

  return { results, log, clearLog: () => setLog([]), run };
}

export type RemoteCalls = ReturnType<typeof useRemoteCalls>;
