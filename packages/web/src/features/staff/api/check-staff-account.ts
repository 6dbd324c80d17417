import { isExistSubUser } from '@vendo/contract/api/staff';
import { callApi } from '../../../lib/api-client';

/** Whether the merchant already has a staff member with this account (checked when the field loses focus). */
export async function staffAccountTaken(account: string): Promise<boolean> {
  const { exist } = await callApi(isExistSubUser, { sub_username: account }, { quiet: true });
  return exist;
}
