import { LOCALES } from '@vendo/contract/locales';
import { describe, expect, it } from 'vitest';
import { detectLocale, i18n, LANG_COOKIE, registerNamespace, setLocale } from './i18n';
import auth from './resources/auth';
import common from './resources/common';
import home from './resources/home';
import layout from './resources/layout';
import notify from './resources/notify';
import overview from './resources/overview';
import passport from './resources/passport';
import routes from './resources/routes';
import staff from './resources/staff';

describe('detectLocale', () => {
  it('prefers the language chosen earlier', () => {
    expect(detectLocale('en-US', ['zh-CN'])).toBe('en-US');
    expect(detectLocale('zh-TW', [])).toBe('zh-TW');
  });

  it('otherwise follows the first browser language the product speaks', () => {
    expect(detectLocale(null, ['zh-CN', 'en'])).toBe('zh-CN');
    expect(detectLocale(null, ['zh-HK'])).toBe('zh-TW');
    expect(detectLocale(null, ['zh-Hant-TW'])).toBe('zh-TW');
    expect(detectLocale(null, ['en-GB'])).toBe('en-US');
    expect(detectLocale(null, ['fr-FR', 'en-US'])).toBe('en-US');
    expect(detectLocale('klingon', ['de', 'zh'])).toBe('zh-CN');
  });

  it('falls back to zh-CN', () => {
    expect(detectLocale(null, [])).toBe('zh-CN');
    expect(detectLocale(null, ['fr-FR', 'de'])).toBe('zh-CN');
  });
});

describe('setLocale', () => {
  it('switches the language and keeps the choice in a cookie for a year', async () => {
    await setLocale('zh-TW');
    expect(i18n.language).toBe('zh-TW');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(document.cookie).toContain(`${LANG_COOKIE}=zh-TW`);
    await setLocale('en-US');
    expect(i18n.t('api.timeout')).toBe('Request timeout, please retry');
  });

  it('loads a namespace nobody registered yet, in every language', async () => {
    await i18n.loadNamespaces('layout');
    await setLocale('zh-CN');
    expect(i18n.t('layout:logout')).toBe('退出登录');
    registerNamespace('home', home);
    expect(i18n.t('home:alerts.none')).toBe('暂无提醒');
  });
});

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

const NAMESPACES = { common, routes, layout, auth, home, staff, overview, notify, passport } as const;

// Characters that exist only in simplified Chinese; a zh-TW text holding one was not converted.
const SIMPLIFIED_ONLY =
  '们这设账录码费页应务单户网络请获验证称选择显隐删输认语数据库银额钱门区货类机态时间为关闭开启发给后过还进项号动统计图线会员广资结记兑换礼优荐润错误无载凭链经营营户级码';

describe('catalogues', () => {
  for (const [name, namespace] of Object.entries(NAMESPACES)) {
    it(`${name}: every language has the same keys and no empty text`, () => {
      const reference = leaves(namespace['zh-CN']).map(([key]) => key);
      for (const locale of LOCALES) {
        const entries = leaves(namespace[locale]);
        expect(entries.map(([key]) => key)).toEqual(reference);
        for (const [key, text] of entries) expect(text.trim(), `${locale} ${key}`).not.toBe('');
      }
    });

    it(`${name}: zh-TW is written in traditional characters`, () => {
      for (const [key, text] of leaves(namespace['zh-TW'])) {
        const stray = [...text].filter((char) => SIMPLIFIED_ONLY.includes(char));
        expect(stray, `zh-TW ${key}: ${text}`).toEqual([]);
      }
    });

    it(`${name}: en-US is not left in Chinese`, () => {
      for (const [key, text] of leaves(namespace['en-US'])) {
        expect(/[\u4e00-\u9fff]/.test(text), `en-US ${key}: ${text}`).toBe(false);
      }
    });
  }
});
