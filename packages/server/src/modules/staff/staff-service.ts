import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type * as api from '@vendo/contract/api/staff';
import type { Role, SubUser } from '@vendo/contract/api/staff';
import { appMaxCount } from '@vendo/contract/constants';
import { parsePermissions } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database, Merchant, User } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { RateLimiter } from '../../platform/rate-limit';
import { LOGIN_LIMITS } from '../accounts/accounts-service';
import { appExtend, type AppModules } from '../apps/app-modules';
import { lockMerchant } from '../../db/list-query';
import { StaffRepository, type RoleListed, type StaffInput, type StoreName } from './staff-repository';
import { AuditLog, diffFields, originOf, type AuditChange } from '../audit/audit-log';
import type { RoleRow } from './staff-tables';
import type { SessionStore } from '../../platform/sessions';

type Body<C extends { request: z.ZodType }> = z.output<C['request']>;

export interface StaffDeps {
  db: Kysely<Database>;
  repo: StaffRepository;
  sessions: SessionStore;
  apps: AppModules;
  limiter: RateLimiter;
  clock: () => number;
}

/** The suffix staff type after @: the merchant's own, or its main phone while it has set none. */
export function loginSuffix(merchant: Pick<Merchant, 'sub_user_suffix' | 'phone'>): string {
  return merchant.sub_user_suffix ?? merchant.phone;
}

/**
 * Staff (sub-accounts) and roles (spec §3, §5, §6): quotas from the Account app, unique accounts and suffixes,
 * stores and roles of the caller's merchant only, and every password change ending what the old one allowed.
 * The routes are the main account's (mainOnly in the contract) except a staff member's own password change.
 */
export class StaffService {
  constructor(private readonly d: StaffDeps) {}

  // ---------------------------------------------------------------------------------------------------------
  // Roles

  async listRoles(auth: AuthContext, req: Body<typeof api.getRole>) {
    const { rows, count } = await this.d.repo.listRoles(
      auth.merchant.id,
      { name: req.condition.rolename },
      req,
    );
    return { data: rows.map(presentRole), count };
  }

  async addRole(auth: AuthContext, input: Body<typeof api.addRole>): Promise<{ roleid: number }> {
    if (await this.d.repo.roleNameTaken(auth.merchant.id, input.name)) {
      throw AppError.invalid('name', 'roleNameTaken');
    }
    const permDetail = input.permissions.join(',');
    const roleid = await this.d.db.transaction().execute(async (trx) => {
      const id = await new StaffRepository(trx).insertRole(
        {
          merchantId: auth.merchant.id,
          name: input.name,
          note: input.note,
          permDetail,
          userId: auth.user.id,
        },
        this.d.clock(),
      );
      await this.audit(trx, auth, 'role', 'create', { type: 'role', id, name: input.name }, [
        ...diffFields(null, { name: input.name, note: input.note, perm_detail: permDetail }),
      ]);
      return id;
    });
    return { roleid };
  }

  async editRole(auth: AuthContext, input: Body<typeof api.editRole>): Promise<void> {
    const before = await this.role(auth.merchant.id, input.roleid);
    if (await this.d.repo.roleNameTaken(auth.merchant.id, input.name, input.roleid)) {
      throw AppError.invalid('name', 'roleNameTaken');
    }
    const permDetail = input.permissions.join(',');
    await this.d.db.transaction().execute(async (trx) => {
      await new StaffRepository(trx).updateRole(
        auth.merchant.id,
        input.roleid,
        { name: input.name, note: input.note, permDetail },
        this.d.clock(),
      );
      await this.audit(
        trx,
        auth,
        'role',
        'edit',
        { type: 'role', id: input.roleid, name: input.name },
        diffFields(before, { name: input.name, note: input.note, perm_detail: permDetail }),
      );
    });
  }

  /** A role in use is not deleted silently: the answer says how many staff hold it. */
  async deleteRole(auth: AuthContext, roleId: number): Promise<void> {
    const role = await this.role(auth.merchant.id, roleId);
    await this.d.db.transaction().execute(async (trx) => {
      await lockMerchant(trx, auth.merchant.id);
      const count = await this.d.repo.countRoleStaff(trx, auth.merchant.id, roleId);
      if (count > 0) throw new AppError(RCODE.ROLE_IN_USE, { count });
      await this.d.repo.deleteRole(trx, auth.merchant.id, roleId);
      await this.audit(
        trx,
        auth,
        'role',
        'delete',
        { type: 'role', id: roleId, name: role.name },
        diffFields({ name: role.name, note: role.note, perm_detail: role.perm_detail }, null),
      );
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Staff

  async list(auth: AuthContext, req: Body<typeof api.getSubUser>) {
    const { rows, count } = await this.d.repo.listStaff(
      auth.merchant.id,
      { keyword: req.condition.keyword, roleId: req.condition.roleid },
      req,
    );
    const stores = await this.d.repo.storesOf(rows.map((r) => r.id));
    return {
      data: rows.map((r) => presentStaff(r, r.role_name, stores.get(r.id) ?? [], loginSuffix(auth.merchant))),
      count,
    };
  }

  async add(
    auth: AuthContext,
    input: Body<typeof api.addSubUser>,
  ): Promise<{ sub_userid: number; login_name: string }> {
    const merchantId = auth.merchant.id;
    const fields = await this.staffInput(merchantId, input);
    if (await this.d.repo.accountTaken(merchantId, input.sub_username)) {
      throw AppError.invalid('sub_username', 'accountTaken');
    }
    const max = await this.quota(merchantId);
    const [passwordHash, operPwdHash] = await Promise.all([
      hashPassword(input.password),
      input.oper_pwd ? hashPassword(input.oper_pwd) : Promise.resolve(null),
    ]);
    const now = this.d.clock();
    const id = await this.d.db
      .transaction()
      .execute(async (trx) => {
        await lockMerchant(trx, merchantId);
        if ((await this.d.repo.countStaff(trx, merchantId)) >= max) {
          throw new AppError(RCODE.STAFF_QUOTA_EXCEEDED, { max });
        }
        const userId = await this.d.repo.insertStaff(
          trx,
          merchantId,
          { ...fields, passwordHash, operPwdHash, isOperPwd: input.is_oper_pwd, createdBy: auth.user.id },
          now,
        );
        await this.d.repo.setStores(trx, userId, fields.all_device === 1 ? [] : input.store);
        await this.audit(
          trx,
          auth,
          'staff',
          'create',
          { type: 'user', id: userId, name: input.sub_username },
          [
            ...diffFields(null, { ...fields }),
            { field: 'store', before: null, after: fields.all_device === 1 ? 'all' : input.store.join(',') },
            { field: 'password', before: null, after: 'set' },
          ],
        );
        return userId;
      })
      .catch(async (error: unknown) => {
        // Two adds of one account at once: the unique index lets one in; the other hears "taken".
        if (
          !(error instanceof AppError) &&
          (await this.d.repo.accountTaken(merchantId, input.sub_username))
        ) {
          throw AppError.invalid('sub_username', 'accountTaken');
        }
        throw error;
      });
    return { sub_userid: id, login_name: `${input.sub_username}@${loginSuffix(auth.merchant)}` };
  }

  /** Changes to the role and the stores apply with the staff member's next call. */
  async edit(auth: AuthContext, input: Body<typeof api.editSubUser>): Promise<void> {
    const merchantId = auth.merchant.id;
    const before = await this.staff(merchantId, input.sub_userid);
    const fields = await this.staffInput(merchantId, input);
    if (await this.d.repo.accountTaken(merchantId, input.sub_username, input.sub_userid)) {
      throw AppError.invalid('sub_username', 'accountTaken');
    }
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.updateStaff(trx, merchantId, input.sub_userid, fields, this.d.clock());
      await this.d.repo.setStores(trx, input.sub_userid, fields.all_device === 1 ? [] : input.store);
      await this.audit(
        trx,
        auth,
        'staff',
        'edit',
        { type: 'user', id: input.sub_userid, name: input.sub_username },
        [
          ...diffFields(before, { ...fields }),
          { field: 'store', before: null, after: fields.all_device === 1 ? 'all' : input.store.join(',') },
        ],
      );
    });
  }

  /** Removes the staff member and ends their sessions at once. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const staff = await this.staff(auth.merchant.id, id);
    const now = this.d.clock();
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.removeStaff(trx, auth.merchant.id, id, now);
      await this.d.sessions.revokeUser(id, now, trx);
      await this.audit(trx, auth, 'staff', 'delete', { type: 'user', id, name: staff.username }, []);
    });
  }

  async accountExists(auth: AuthContext, username: string): Promise<{ exist: boolean }> {
    return { exist: await this.d.repo.accountTaken(auth.merchant.id, username) };
  }

  async suffixExists(auth: AuthContext, suffix: string): Promise<{ exist: boolean }> {
    return { exist: await this.d.repo.suffixTaken(auth.merchant.id, suffix) };
  }

  async setSuffix(auth: AuthContext, suffix: string): Promise<{ sub_user_suffix: string }> {
    if (await this.d.repo.suffixTaken(auth.merchant.id, suffix)) {
      throw AppError.invalid('sub_user_suffix', 'suffixTaken');
    }
    try {
      await this.d.repo.setSuffix(auth.merchant.id, suffix);
    } catch (error) {
      // Two merchants racing for one suffix: the unique index decides, the loser hears "taken".
      if (await this.d.repo.suffixTaken(auth.merchant.id, suffix)) {
        throw AppError.invalid('sub_user_suffix', 'suffixTaken');
      }
      throw error;
    }
    // Every staff member's login name changes with it (the one write is its own transaction: the entry follows).
    await this.audit(
      this.d.db,
      auth,
      'staff',
      'suffix',
      { type: 'merchant', id: auth.merchant.id, name: suffix },
      [{ field: 'sub_user_suffix', before: auth.merchant.sub_user_suffix, after: suffix }],
    );
    return { sub_user_suffix: suffix };
  }

  /** The main account sets a staff member's operation password; signs given under the old one end. */
  async resetOperPassword(auth: AuthContext, id: number, md5: string): Promise<void> {
    const staff = await this.staff(auth.merchant.id, id);
    const hash = await hashPassword(md5);
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.setOperPwd(trx, id, { operPwdHash: hash }, this.d.clock());
      await this.d.sessions.clearOperSigns(id, trx);
      await this.audit(trx, auth, 'oper_password', 'reset', { type: 'user', id, name: staff.username }, [
        { field: 'oper_pwd', before: staff.oper_pwd_hash ? 'set' : null, after: 'set' },
      ]);
    });
  }

  /** The operation-password switch: on needs a password, set before or given now. */
  async switchOperPassword(
    auth: AuthContext,
    input: Body<typeof api.changeIsOperPwd>,
  ): Promise<{ is_oper_pwd: 0 | 1 }> {
    const staff = await this.staff(auth.merchant.id, input.sub_userid);
    const hash = input.oper_pwd ? await hashPassword(input.oper_pwd) : undefined;
    if (input.is_oper_pwd === 1 && !hash && !staff.oper_pwd_hash) {
      throw new AppError(RCODE.STAFF_OPER_PWD_NOT_SET);
    }
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.setOperPwd(
        trx,
        staff.id,
        { isOperPwd: input.is_oper_pwd, ...(hash ? { operPwdHash: hash } : {}) },
        this.d.clock(),
      );
      await this.d.sessions.clearOperSigns(staff.id, trx);
      await this.audit(
        trx,
        auth,
        'oper_password',
        'switch',
        { type: 'user', id: staff.id, name: staff.username },
        [
          { field: 'is_oper_pwd', before: staff.is_oper_pwd, after: input.is_oper_pwd },
          ...(hash ? [{ field: 'oper_pwd', before: staff.oper_pwd_hash ? 'set' : null, after: 'set' }] : []),
        ],
      );
    });
    return { is_oper_pwd: input.is_oper_pwd };
  }

  /** The main account sets a staff member's login password; every session of theirs ends at once. */
  async resetPassword(auth: AuthContext, id: number, password: string): Promise<void> {
    const staff = await this.staff(auth.merchant.id, id);
    await this.replacePassword(auth, staff, 'reset', password);
  }

  /** Self-service is on (the Account app's subuser_self_reset_password = 1), else SELF_RESET_DISABLED. */
  async assertSelfReset(auth: AuthContext): Promise<void> {
    const apps = await this.d.apps.list(auth.merchant.id);
    if (appExtend(apps, 'Account', 'subuser_self_reset_password') !== '1') {
      throw new AppError(RCODE.SELF_RESET_DISABLED);
    }
  }

  /**
   * A staff member's own change, with the current password, while the Account app allows self-service
   * (subuser_self_reset_password = 1, spec §6). Wrong current passwords count like failed logins.
   */
  async changeOwnPassword(auth: AuthContext, input: Body<typeof api.changePwdForSubUser>): Promise<void> {
    // staffOnly: the registrar refuses the main account before the body is read, and the route asks
    // assertSelfReset there too; asked again here, so the rule holds for any other caller of this method.
    await this.assertSelfReset(auth);
    const bucket = `pwd:user:${auth.user.id}`;
    await this.d.limiter.reserve([
      { bucket, limit: LOGIN_LIMITS.operPerUser, windowMs: LOGIN_LIMITS.windowMs },
    ]);
    if (!(await verifyPassword(auth.user.password_hash, input.old_password))) {
      throw new AppError(RCODE.OLD_PASSWORD_WRONG);
    }
    await this.d.limiter.clear(bucket);
    await this.replacePassword(auth, auth.user, 'change', input.password);
  }

  // ---------------------------------------------------------------------------------------------------------

  private async replacePassword(
    auth: AuthContext,
    user: User,
    action: 'reset' | 'change',
    password: string,
  ): Promise<void> {
    const hash = await hashPassword(password);
    const now = this.d.clock();
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.setPassword(trx, user.id, hash, now);
      await this.d.sessions.revokeUser(user.id, now, trx);
      await this.audit(trx, auth, 'password', action, { type: 'user', id: user.id, name: user.username }, [
        { field: 'password', before: 'set', after: 'set' },
      ]);
    });
  }

  /** The audit entry of a staff, role or password change, in its transaction. */
  private async audit(
    trx: Kysely<Database>,
    auth: AuthContext,
    kind: 'staff' | 'role' | 'password' | 'oper_password',
    action: string,
    target: { type: string; id: number; name: string },
    changes: AuditChange[],
  ): Promise<void> {
    await new AuditLog(this.d.clock).record(trx, {
      merchantId: auth.merchant.id,
      origin: originOf(auth),
      kind,
      action,
      target,
      changes,
    });
  }

  private async staff(merchantId: number, id: number): Promise<User> {
    const row = await this.d.repo.findStaff(merchantId, id);
    if (!row) throw new AppError(RCODE.STAFF_NOT_FOUND);
    return row;
  }

  private async role(merchantId: number, id: number): Promise<RoleRow> {
    const row = await this.d.repo.findRole(merchantId, id);
    if (!row) throw new AppError(RCODE.ROLE_NOT_FOUND);
    return row;
  }

  /** The profile to store: the role and every listed store must be the merchant's. */
  private async staffInput(
    merchantId: number,
    input: Body<typeof api.editSubUser> | Body<typeof api.addSubUser>,
  ): Promise<StaffInput> {
    if (input.roleid !== null) await this.role(merchantId, input.roleid);
    if (input.all_device === 0) {
      const found = await this.d.repo.merchantStores(merchantId, input.store);
      if (found.length !== input.store.length) throw new AppError(RCODE.STORE_NOT_FOUND);
    }
    return {
      username: input.sub_username,
      nickname: input.nickname,
      phone: input.phone,
      role_id: input.roleid,
      all_device: input.all_device,
      goods_own_only: input.goods_own_only,
      bank_own_only: input.bank_own_only,
    };
  }

  /** The Account app's Account_max_count (spec §6), 9999 when unset. */
  private async quota(merchantId: number): Promise<number> {
    const apps = await this.d.apps.list(merchantId);
    return appMaxCount(
      apps.find((a) => a.app_module_name === 'Account'),
      'Account',
    );
  }
}

function presentRole(row: RoleListed): Role {
  const permissions = parsePermissions(row.perm_detail);
  return {
    roleid: row.id,
    rolename: row.name,
    name: row.name,
    note: row.note,
    permissions,
    perm_detail: permissions.join(','),
    staff_count: row.staff_count,
    create_time: row.created_at,
  };
}

function flag(value: number): 0 | 1 {
  return value === 1 ? 1 : 0;
}

function presentStaff(row: User, roleName: string | null, stores: StoreName[], suffix: string): SubUser {
  return {
    sub_userid: row.id,
    sub_username: row.username,
    login_name: `${row.username}@${suffix}`,
    sub_user_suffix: suffix,
    nickname: row.nickname,
    phone: row.phone,
    role_info: row.role_id !== null && roleName !== null ? { roleid: row.role_id, rolename: roleName } : null,
    all_device: flag(row.all_device),
    store: row.all_device === 1 ? [] : stores.map((s) => ({ _id: s.id, store_name: s.name })),
    is_oper_pwd: flag(row.is_oper_pwd),
    has_oper_pwd: row.oper_pwd_hash !== null,
    goods_own_only: flag(row.goods_own_only),
    bank_own_only: flag(row.bank_own_only),
    create_time: row.created_at,
  };
}
