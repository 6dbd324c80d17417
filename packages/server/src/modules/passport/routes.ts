import * as api from '@vendo/contract/api/passport';
import type { CallRegistrar } from '../../platform/route';
import type { PassportService } from './passport-service';

/** The calls of a messaging-app identity (/BindPassport, /PassportLoading, switching accounts). */
export function passportRoutes(r: CallRegistrar, passport: PassportService): void {
  r.passport(api.bindPassportAccount, ({ passport: ctx, body, ip, userAgent }) =>
    passport.bindAccount(ctx, body, { ip, userAgent }),
  );
  r.passport(api.getPassportLoginInfo, ({ passport: ctx }) => passport.loginInfo(ctx));
  r.passport(api.switchAccount, ({ passport: ctx, body, ip, userAgent }) =>
    passport.switchAccount(ctx, body.account, { ip, userAgent }),
  );
  r.passport(api.setPassportRemarks, async ({ passport: ctx, body }) => {
    await passport.setRemarks(ctx, body.account, body.remarks);
    return {};
  });
  r.passport(api.unbindPassport, async ({ passport: ctx, body }) => {
    await passport.unbind(ctx, body.account);
    return {};
  });
}
