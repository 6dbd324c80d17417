import { LOCALES } from '@vendo/contract/locales';
import { describe, expect, it } from 'vitest';
import analytics from './analytics';
import catalog from './catalog';
import stock from './stock';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

// Characters that exist only in simplified Chinese; a zh-TW text holding one was not converted.
const SIMPLIFIED_ONLY =
  '们这设账录码费页应务单户网络请获验证称选择显隐删输认语数据库银额钱门区货类机态时间为关闭开启发给后过还进项号动统计图线会员广资结记兑换礼优荐润错误无载凭链经营级导编辑补总仓调拟详负责业务员'.split(
    '',
  );

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ['catalog', catalog],
  ['stock', stock],
  ['analytics', analytics],
] as const)('%s texts', (_, namespace) => {
  it('every language has the same keys, no empty text and the same placeholders', () => {
    const reference = leaves(namespace['zh-CN']);
    for (const locale of LOCALES) {
      const entries = leaves(namespace[locale]);
      expect(entries.map(([key]) => key)).toEqual(reference.map(([key]) => key));
      entries.forEach(([key, text], i) => {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(reference[i]?.[1] ?? ''));
      });
    }
  });

  it('zh-TW is written in traditional characters', () => {
    for (const [key, text] of leaves(namespace['zh-TW'])) {
      expect(
        [...text].filter((c) => SIMPLIFIED_ONLY.includes(c)),
        `zh-TW ${key}: ${text}`,
      ).toEqual([]);
    }
  });
});
