import { sql, type Kysely } from 'kysely';
import type { getOverview } from '@vendo/contract/api/account';
import type { CallResult } from '@vendo/contract/api/call';
import type { Database } from '../../db/database';
import { isMainAccount, type AuthContext } from '../../platform/auth';
import type { AppModules } from '../apps/app-modules';
import { presentMyApps } from '../apps/my-apps';
import { loginSuffix } from '../staff/staff-service';

export interface OverviewDeps {
  db: Kysely<Database>;
  dialect: string;
  apps: AppModules;
  version: string;
  clock: () => number;
  startedAt: number;
  gatewayRunning: () => boolean;
  sandbox: { sms: boolean; messaging: boolean };
}

/** The hidden /overview screen (spec §2): what support staff ask a merchant for, in one answer. */
export class OverviewService {
  constructor(private readonly d: OverviewDeps) {}

  async overview(auth: AuthContext): Promise<CallResult<typeof getOverview>> {
    const now = this.d.clock();
    const dbOk = await sql`select 1`
      .execute(this.d.db)
      .then(() => true)
      .catch(() => false);
    const apps = dbOk ? await this.d.apps.list(auth.merchant.id) : [];
    const gateway = this.d.gatewayRunning() ? 'running' : 'stopped';
    const { user, merchant } = auth;
    return {
      account: {
        username: isMainAccount(user) ? user.username : `${user.username}@${loginSuffix(merchant)}`,
        nickname: user.nickname,
        is_main: isMainAccount(user),
        merchant_name: merchant.name,
        sub_user_suffix: merchant.sub_user_suffix ?? '',
        login_suffix: loginSuffix(merchant),
        login_type: auth.loginType,
        user_id: user.id,
        merchant_id: merchant.id,
        time_zone: merchant.time_zone,
      },
      session: {
        expiry: auth.expiresAt,
        oper_expire_at: auth.operExpiresAt !== null && auth.operExpiresAt > now ? auth.operExpiresAt : null,
      },
      version: this.d.version,
      server_time: now,
      app_list: presentMyApps(apps, now),
      health: {
        status: dbOk && gateway === 'running' ? 'ok' : 'degraded',
        db: this.d.dialect,
        db_ok: dbOk,
        gateway,
        sandbox: this.d.sandbox,
        uptime_ms: Math.max(0, now - this.d.startedAt),
      },
    };
  }
}
