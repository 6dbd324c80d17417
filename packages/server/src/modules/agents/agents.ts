import type { Kysely } from 'kysely';
import type { AgentBrand } from '@vendo/contract/api/account';
import { DEFAULT_AGENT } from '@vendo/contract/constants';
import type { Database } from '../../db/database';

/** Agents (resellers) whose brand the login screen shows; merchants sign up under one. */
export class Agents {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  async ensureDefault(): Promise<void> {
    await this.db
      .insertInto('agents')
      .values({ id: DEFAULT_AGENT, name: 'Vendo', logo: '', created_at: this.clock() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async find(id: string): Promise<AgentBrand | undefined> {
    return this.db
      .selectFrom('agents')
      .select(['id', 'name', 'logo'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The brand for an agent id, falling back to the default agent for unknown or missing ids. */
  async brand(id: string | undefined): Promise<AgentBrand> {
    const found = id ? await this.find(id) : undefined;
    return found ?? (await this.find(DEFAULT_AGENT)) ?? { id: DEFAULT_AGENT, name: 'Vendo', logo: '' };
  }

  async upsert(agent: AgentBrand): Promise<void> {
    await this.db
      .insertInto('agents')
      .values({ ...agent, created_at: this.clock() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: agent.name, logo: agent.logo }))
      .execute();
  }

  async list(): Promise<AgentBrand[]> {
    return this.db.selectFrom('agents').select(['id', 'name', 'logo']).orderBy('id').execute();
  }
}
