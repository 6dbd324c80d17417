import 'i18next';
import type { ResourcesOf } from './namespaces';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: ResourcesOf<'zh-CN'>;
    returnNull: false;
  }
}
