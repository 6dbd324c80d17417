import * as api from '@vendo/contract/api/account';
import type { CallRegistrar } from '../../platform/route';
import type { AccountsService } from './accounts-service';
import { permissionGroupsFor } from './permission-groups';

export function accountRoutes(r: CallRegistrar, accounts: AccountsService): void {
  r.public(api.login, ({ body, ip, userAgent }) =>
    accounts.login(body.username, body.password, { ip, userAgent }),
  );
  // Codes are sent in the caller's language (lang header or cookie), as the vendor's templates per language.
  r.public(api.checkAccount, ({ body, ip, locale }) => accounts.checkAccount(body.phone, ip, locale));
  r.public(api.checkSmsCode, ({ body }) => accounts.checkSmsCode(body.sign, body.code));
  r.public(api.signUp, ({ body, ip, userAgent }) => accounts.signUp(body, { ip, userAgent }));
  r.public(api.sendPwdSMS, async ({ body, ip, locale }) => {
    await accounts.sendResetSms(body.phone, ip, locale);
    return {};
  });
  r.public(api.resetPwd, async ({ body, ip, userAgent }) => {
    await accounts.resetPassword(body.phone, body.password, body.code, { ip, userAgent });
    return {};
  });

  r.session(api.getUserInfo, ({ auth, request }) =>
    accounts.userInfo(auth, String(request.headers['token']), String(request.headers['secret'])),
  );
  r.session(api.logout, async ({ auth }) => {
    await accounts.logout(auth);
    return {};
  });
  r.session(api.sendOwnPwdSMS, ({ auth, ip, locale }) => accounts.sendOwnPwdSms(auth, ip, locale));
  r.session(
    api.changePwd,
    async ({ auth, body }) => {
      await accounts.changeOwnPassword(auth, body.code, body.password);
      return {};
    },
    // No phone to reset by, or a staff member's self-service off: said before the body is read.
    async (auth) => void (await accounts.ownResetPhone(auth)),
  );
  r.session(api.sendChangeInfoSMS, ({ auth, ip, locale }) => accounts.sendChangeInfoSms(auth, ip, locale));
  r.session(api.editOprPwd, async ({ auth, body }) => {
    await accounts.editOperPassword(auth, body.old_oper_pwd, body.new_oper_pwd);
    return {};
  });
  r.session(api.checkOprPwd, ({ auth, body }) => accounts.checkOperPassword(auth, body.password));
  r.session(api.getPermission, async ({ auth, locale }) => {
    const info = await accounts.userInfo(auth);
    return { data: permissionGroupsFor(locale), havePerms: info.havePerms };
  });
  r.session(api.getUserList, ({ auth }) => accounts.listUsers(auth));
}
