import { registerNamespace } from '../../../i18n/i18n';
import deviceSheetTexts from '../../../i18n/resources/device-sheets';

/*
 * The sheets' texts travel with the sheets, not with the device list: each sheet module imports this file, which
 * registers them before the sheet renders.
 */
registerNamespace('deviceSheets', deviceSheetTexts);
