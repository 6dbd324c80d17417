import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../components/test-i18n';
import { lampColorName, LampSwatches } from './lamp-swatches';

beforeAll(() => {
  initTestI18n('en-US');
});

describe('lamp colours', () => {
  it('checks the swatch of the stored colour and picks another by its name', () => {
    const onChange = vi.fn();
    render(<LampSwatches value="#0099ff" onChange={onChange} label="Lamp colour" />);
    expect(screen.getByRole('radio', { name: 'Blue' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Red' }));
    expect(onChange).toHaveBeenCalledWith('#FF0000');
  });

  it('names a colour the way the swatches do, in the three languages; a custom one keeps its code', () => {
    expect(lampColorName('#0099FF', 'en-US')).toBe('Blue');
    expect(lampColorName('#0099ff', 'zh-CN')).toBe('蓝色');
    expect(lampColorName('#66CC33', 'zh-TW')).toBe('自然綠');
    expect(lampColorName('random', 'zh-CN')).toBe('随机');
    expect(lampColorName('#123456', 'en-US')).toBe('#123456');
  });
});
