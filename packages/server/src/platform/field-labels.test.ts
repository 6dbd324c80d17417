import { describe, expect, it } from 'vitest';
import '../modules/catalog/catalog-field-labels';
import '../modules/devices/device-field-labels';
import '../modules/marketing/routes';
import '../modules/coupons/routes';
import { fieldLabel } from './field-labels';

describe('field labels', () => {
  it('names a field by the call it belongs to', () => {
    expect(fieldLabel('name', 'en-US', '/api/v1/u/addArea')).toBe('Name');
    expect(fieldLabel('name', 'en-US', '/api/v1/c/setChannelInfo')).toBe('Shelf name');
    expect(fieldLabel('name', 'zh-CN', '/api/v1/c/setChannelInfo')).toBe('货道名称');
    expect(fieldLabel('sn', 'en-US', '/api/v1/d/getDev')).toBe('Serial number');
  });

  it('falls back to the global label, then to the field key itself', () => {
    expect(fieldLabel('phone', 'en-US')).toBe('Phone');
    expect(fieldLabel('no_such_field', 'en-US', '/api/v1/u/addArea')).toBe('no_such_field');
  });

  it("names a list's item by the list and its place, and a filter by the call's own label", () => {
    expect(fieldLabel('weekdays.0', 'en-US', '/api/v1/b/addCoupon')).toBe('Weekdays 1');
    expect(fieldLabel('weekdays.6', 'zh-CN', '/api/v1/b/addCoupon')).toBe('可用星期 7');
    expect(fieldLabel('condition.end_time', 'en-US', '/api/v1/b/getRecord')).toBe('End time');
    expect(fieldLabel('condition.kind', 'zh-TW', '/api/v1/b/getRecord')).toBe('類型');
    // Only a call's own labels read a filter: elsewhere the key still names the field.
    expect(fieldLabel('condition.end_time', 'en-US')).toBe('condition.end_time');
    expect(fieldLabel('no_such_list.0', 'en-US', '/api/v1/b/addCoupon')).toBe('no_such_list.0');
  });
});
