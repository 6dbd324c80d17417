import * as api from '@vendo/contract/api/staff';
import type { CallRegistrar } from '../../platform/route';
import './staff-field-labels';
import type { StaffService } from './staff-service';

/** Staff and roles (/staff): one line per call, the rules are in the service. */
export function staffRoutes(r: CallRegistrar, staff: StaffService): void {
  r.session(api.getRole, ({ auth, body }) => staff.listRoles(auth, body));
  r.session(api.addRole, ({ auth, body }) => staff.addRole(auth, body));
  r.session(api.editRole, async ({ auth, body }) => {
    await staff.editRole(auth, body);
    return {};
  });
  r.session(api.delRole, async ({ auth, body }) => {
    await staff.deleteRole(auth, body.roleid);
    return {};
  });

  r.session(api.getSubUser, ({ auth, body }) => staff.list(auth, body));
  r.session(api.addSubUser, ({ auth, body }) => staff.add(auth, body));
  r.session(api.editSubUser, async ({ auth, body }) => {
    await staff.edit(auth, body);
    return {};
  });
  r.session(api.delSubUser, async ({ auth, body }) => {
    await staff.remove(auth, body.sub_userid);
    return {};
  });
  r.session(api.isExistSubUser, ({ auth, body }) => staff.accountExists(auth, body.sub_username));
  r.session(api.isExistSuffix, ({ auth, body }) => staff.suffixExists(auth, body.sub_user_suffix));
  r.session(api.setSubUserSuffix, ({ auth, body }) => staff.setSuffix(auth, body.sub_user_suffix));
  r.session(api.resetSubUserOprPwd, async ({ auth, body }) => {
    await staff.resetOperPassword(auth, body.sub_userid, body.oper_pwd);
    return {};
  });
  r.session(api.changeIsOperPwd, ({ auth, body }) => staff.switchOperPassword(auth, body));
  r.session(api.resetSubUserPwd, async ({ auth, body }) => {
    await staff.resetPassword(auth, body.sub_userid, body.password);
    return {};
  });
  r.session(
    api.changePwdForSubUser,
    async ({ auth, body }) => {
      await staff.changeOwnPassword(auth, body);
      return {};
    },
    (auth) => staff.assertSelfReset(auth),
  );
}
