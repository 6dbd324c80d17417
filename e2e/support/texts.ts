import type { Locale } from '@vendo/contract/locales';
import auth from '../../packages/web/src/i18n/resources/auth';
import bankCards from '../../packages/web/src/i18n/resources/bank-cards';
import catalog from '../../packages/web/src/i18n/resources/catalog';
import common from '../../packages/web/src/i18n/resources/common';
import components from '../../packages/web/src/i18n/resources/components';
import deviceSheets from '../../packages/web/src/i18n/resources/device-sheets';
import devices from '../../packages/web/src/i18n/resources/devices';
import home from '../../packages/web/src/i18n/resources/home';
import layout from '../../packages/web/src/i18n/resources/layout';
import notify from '../../packages/web/src/i18n/resources/notify';
import overview from '../../packages/web/src/i18n/resources/overview';
import report from '../../packages/web/src/i18n/resources/report';
import routes from '../../packages/web/src/i18n/resources/routes';
import staff from '../../packages/web/src/i18n/resources/staff';
import stock from '../../packages/web/src/i18n/resources/stock';

/**
 * The words the app shows, read from its own catalogues, so a test fails on behaviour and not on a reworded
 * label. Tests still assert the exact text a person sees in each language.
 */
export const texts = (locale: Locale) => ({
  auth: auth[locale],
  bankCards: bankCards[locale],
  catalog: catalog[locale],
  common: common[locale],
  components: components[locale],
  devices: devices[locale],
  deviceSheets: deviceSheets[locale],
  home: home[locale],
  layout: layout[locale],
  notify: notify[locale],
  overview: overview[locale],
  report: report[locale],
  routes: routes[locale],
  staff: staff[locale],
  stock: stock[locale],
});
