import type { LocaleText } from '@vendo/contract/locales';
import { SPLIT_CALL_PATHS, SPLIT_FIELD_LABELS } from '@vendo/contract/api/splits';
import { addFieldLabels } from '../../platform/field-labels';

/** "Split account 2 share": the list's fields named by their place, as the form shows them (from 1). */
function listLabels(): Record<string, LocaleText> {
  const labels: Record<string, LocaleText> = {};
  for (let i = 0; i < 100; i++) {
    const n = i + 1;
    labels[`split_merchant.${i}.merchant_id`] = {
      'zh-CN': `分账账户 ${n}`,
      'zh-TW': `分帳帳戶 ${n}`,
      'en-US': `Split account ${n}`,
    };
    labels[`split_merchant.${i}.split_percent`] = {
      'zh-CN': `分账账户 ${n} 比例`,
      'zh-TW': `分帳帳戶 ${n} 比例`,
      'en-US': `Split account ${n} share`,
    };
  }
  return labels;
}

/** The contract's labels, for the split calls only. */
addFieldLabels({ ...SPLIT_FIELD_LABELS, ...listLabels() }, SPLIT_CALL_PATHS);
