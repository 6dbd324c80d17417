import type { Locale } from '@vendo/contract/locales';

/** The shape every other language must repeat: same keys, string leaves. */
export type Catalog<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };

export type Namespace<T> = { readonly 'zh-CN': T } & { readonly [L in Exclude<Locale, 'zh-CN'>]: Catalog<T> };

/**
 * Declares a namespace in all three languages. zh-CN is the reference: a key missing or extra in zh-TW or
 * en-US fails typecheck, so no screen ships half translated.
 */
export function defineNamespace<T extends object>(namespace: Namespace<T>): Namespace<T> {
  return namespace;
}
