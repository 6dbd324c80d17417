import '../test-antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScheduleSection } from '../../features/devices/components/settings/schedule-section';
import type { SettingsForm } from '../../features/devices/components/settings/use-settings-form';
import '../../features/devices/components/sheet-texts';
import { i18n } from '../../i18n/i18n';
import { TimeField } from './time-field';

describe('TimeField', () => {
  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'shows and picks 24-hour HH:mm, hours 00–23 and no AM/PM (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const onChange = vi.fn();
      render(<TimeField id="t" title="Power off" value="20:30" onChange={onChange} ariaProps={{}} />);
      const trigger = await screen.findByRole('button', { name: '20:30' });
      fireEvent.click(trigger);
      const columns = await waitFor(() => {
        const found = document.querySelectorAll('.adm-picker-view-column');
        expect(found.length).toBe(2);
        return found;
      });
      const hours = [...columns[0]!.querySelectorAll('.adm-picker-view-column-item-label')].map(
        (el) => el.textContent,
      );
      const minutes = [...columns[1]!.querySelectorAll('.adm-picker-view-column-item-label')].map(
        (el) => el.textContent,
      );
      expect(hours).toEqual(Array.from({ length: 24 }, (_, i) => String(i).padStart(2, '0')));
      expect(minutes).toHaveLength(60);
      expect(document.body.textContent).not.toMatch(/AM|PM|上午|下午/);
      fireEvent.click(document.querySelector('.adm-picker-header-button:last-child')!);
      await waitFor(() => expect(onChange).toHaveBeenCalledWith('20:30'));
    },
  );

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'the device settings’ power-on and power-off times are 24-hour fields, not the browser’s time input (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const form = {
        values: { power_ctrl: true, power_on: '07:05', power_off: '22:40' },
        errors: {},
        set: () => () => undefined,
      } as unknown as SettingsForm;
      const { container } = render(<ScheduleSection form={form} />);
      expect(container.querySelector('input[type="time"]')).toBeNull();
      expect(container.querySelector('#set-power-on')!.textContent).toBe('07:05');
      expect(container.querySelector('#set-power-off')!.textContent).toBe('22:40');
    },
  );
});
