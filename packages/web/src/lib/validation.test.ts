import { describe, expect, it } from 'vitest';
import { addArea } from '@vendo/contract/api/catalog';
import { TEXT_MAX } from '@vendo/contract/constants';
import { checkWithSchema, fieldLabels, firstIssueText } from './validation';

describe('form checks with a contract schema', () => {
  it('say a text is over its maximum as the server does, in the form’s language', () => {
    const long = { name: 'North', address: 'x'.repeat(TEXT_MAX.address + 1) };
    expect(checkWithSchema(addArea.request, long, 'en-US')).toEqual({
      address: `At most ${TEXT_MAX.address} characters`,
    });
    expect(checkWithSchema(addArea.request, long, 'zh-CN')).toEqual({
      address: `最多${TEXT_MAX.address}个字符`,
    });
  });

  it('keep the rule’s own key, and read an unknown message as invalid', () => {
    expect(checkWithSchema(addArea.request, { name: '' }, 'en-US')).toEqual({ name: 'Cannot be empty' });
    expect(firstIssueText([], 'en-US')).toBe('Invalid value');
  });

  it('name an empty field by the label the form gives it, in the form’s language', () => {
    expect(checkWithSchema(addArea.request, { name: '' }, 'en-US', { name: 'Area name' })).toEqual({
      name: 'Area name cannot be empty',
    });
    expect(checkWithSchema(addArea.request, { name: '' }, 'zh-TW', { name: '區域名稱' })).toEqual({
      name: '區域名稱不能為空',
    });
    // Other rules keep their own words.
    const long = { name: 'North', address: 'x'.repeat(TEXT_MAX.address + 1) };
    expect(checkWithSchema(addArea.request, long, 'en-US', { address: 'Address' })).toEqual({
      address: `At most ${TEXT_MAX.address} characters`,
    });
  });

  it('take a contract’s field labels in the form’s language', () => {
    const labels = { name: { 'zh-CN': '名称', 'zh-TW': '名稱', 'en-US': 'Name' } };
    expect(checkWithSchema(addArea.request, { name: '' }, 'zh-CN', fieldLabels(labels, 'zh-CN'))).toEqual({
      name: '名称不能为空',
    });
    expect(checkWithSchema(addArea.request, { name: '' }, 'zh-TW', fieldLabels(labels, 'zh-TW'))).toEqual({
      name: '名稱不能為空',
    });
    expect(fieldLabels(labels, 'en-US')).toEqual({ name: 'Name' });
  });
});
