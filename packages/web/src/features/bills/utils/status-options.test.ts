import { ORDER_STATUSES } from '@vendo/contract/enums';
import { LOCALES } from '@vendo/contract/locales';
import { describe, expect, it } from 'vitest';
import { billStatusOptions } from './status-options';

describe('the status filter', () => {
  it.each(LOCALES)('offers every status once, no two with the same name (%s)', (locale) => {
    const options = billStatusOptions(locale);
    expect(options.map((o) => o.value)).toEqual([...ORDER_STATUSES]);
    expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
  });
});
