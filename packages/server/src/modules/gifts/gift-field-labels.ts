import { GIFT_CALL_PATHS, GIFT_FIELD_LABELS } from '@vendo/contract/api/gifts';
import type { LocaleText } from '@vendo/contract/locales';
import { addFieldLabels } from '../../platform/field-labels';

/** "Machine 2", "Gift 3", "Weekday 1": the lists' items named by their place (from 1). */
function listLabels(): Record<string, LocaleText> {
  const labels: Record<string, LocaleText> = {};
  for (let i = 0; i < 500; i++) {
    const n = i + 1;
    labels[`device_sn.${i}`] = { 'zh-CN': `设备 ${n}`, 'zh-TW': `設備 ${n}`, 'en-US': `Machine ${n}` };
    if (i < 50) labels[`gifts.${i}`] = { 'zh-CN': `礼品 ${n}`, 'zh-TW': `禮品 ${n}`, 'en-US': `Gift ${n}` };
    if (i < 7) {
      labels[`weekdays.${i}`] = { 'zh-CN': `星期 ${n}`, 'zh-TW': `星期 ${n}`, 'en-US': `Weekday ${n}` };
    }
  }
  return labels;
}

/** The contract's labels, for the gift calls only. */
addFieldLabels({ ...GIFT_FIELD_LABELS, ...listLabels() }, GIFT_CALL_PATHS);
