import {
  DEFAULT_DEVICE_SETTINGS,
  deviceSettings,
  type DeviceSettings,
  type DeviceSettingsEdit,
} from '@vendo/contract/device-protocol';

/**
 * Settings are stored as one JSON document per device (spec §3 device detail). Reading fills what an older
 * document lacks with the defaults; a document that no longer parses falls back to the defaults field by field.
 */
export function readSettings(json: string): DeviceSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      stored = parsed as Record<string, unknown>;
  } catch {
    // Falls through to the defaults.
  }
  const whole = deviceSettings.safeParse(stored);
  if (whole.success) return whole.data;
  const out: Record<string, unknown> = { ...DEFAULT_DEVICE_SETTINGS };
  for (const [key, schema] of Object.entries(deviceSettings.shape)) {
    const field = schema.safeParse(stored[key]);
    if (field.success) out[key] = field.data;
  }
  return out as DeviceSettings;
}

export function writeSettings(settings: DeviceSettings): string {
  return JSON.stringify(settings);
}

/** An edit keeps every field it leaves out; the fixed values stay fixed (the schema allows only them). */
export function applySettingsEdit(current: DeviceSettings, edit: DeviceSettingsEdit): DeviceSettings {
  const defined = Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined));
  return deviceSettings.parse({ ...current, ...defined });
}
