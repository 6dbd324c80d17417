import { getI18n } from 'react-i18next';

/**
 * The dialogs of app-dialog.tsx with their texts, loaded on first use: antd-mobile's Dialog brings an animation
 * library that a screen needs only once someone taps "delete". For code outside a component (a tap's handler).
 */
export async function loadDialogs() {
  const [dialogs] = await Promise.all([import('./app-dialog'), getI18n().loadNamespaces('components')]);
  return dialogs;
}
