import {
  MENU_GROUP_LABELS,
  MENU_GROUPS,
  PERMISSION_LABELS,
  PERMISSIONS,
  type MenuGroup,
} from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';

/** The permission codes 1020–1038 in their menu groups (spec §6), labelled in the caller's language. */
export function permissionGroupsFor(locale: Locale) {
  return (Object.keys(MENU_GROUPS) as MenuGroup[]).map((group) => ({
    group: MENU_GROUP_LABELS[group][locale],
    perms: MENU_GROUPS[group].map((name) => {
      const code = PERMISSIONS[name];
      return { code, name: PERMISSION_LABELS[code][locale] };
    }),
  }));
}
