import { describe, expect, it } from 'vitest';
import { checkProductionSecret, ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      mode: 'production',
      browserGate: true,
      timeZone: 'Asia/Shanghai',
      databaseUrl: undefined,
      mqttPort: 1883,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('turns the browser gate off in demo mode unless told otherwise', () => {
    expect(loadConfig({ VENDO_MODE: 'demo' }).browserGate).toBe(false);
    expect(loadConfig({ VENDO_MODE: 'demo', BROWSER_GATE: 'on' }).browserGate).toBe(true);
    expect(loadConfig({ VENDO_MODE: 'test' }).browserGate).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(8080);
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', VENDO_MODE: 'staging' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TZ: 'Mars/Olympus' });
    } catch (error) {
      expect(String(error)).toContain('PORT');
      expect(String(error)).toContain('DATABASE_URL: must be a postgres:// URL');
    }
    expect(() => loadConfig({ TZ: 'Mars/Olympus' })).toThrow(/TZ: unknown time zone/);
    expect(() => loadConfig({ VENDO_SECRET: 'short' })).toThrow(/VENDO_SECRET/);
  });

  it('serves production only with VENDO_SECRET, which the payout card key derives from', () => {
    expect(() => checkProductionSecret(loadConfig({}))).toThrow(/VENDO_SECRET/);
    expect(() => checkProductionSecret(loadConfig({ VENDO_SECRET: 'x'.repeat(32) }))).not.toThrow();
    expect(() => checkProductionSecret(loadConfig({ VENDO_MODE: 'demo' }))).not.toThrow();
  });
});

describe('MQTT port choice', () => {
  it('remembers whether MQTT_PORT was chosen, so only the default may move in the demo', () => {
    expect(loadConfig({}).mqttPortChosen).toBe(false);
    expect(loadConfig({ MQTT_PORT: '1884' })).toMatchObject({ mqttPort: 1884, mqttPortChosen: true });
  });
});
