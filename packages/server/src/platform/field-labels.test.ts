import { describe, expect, it } from 'vitest';
import '../modules/catalog/catalog-field-labels';
import '../modules/devices/device-field-labels';
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
});
