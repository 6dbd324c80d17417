import { isExistSuffix } from '@vendo/contract/api/staff';
import { callApi } from '../../../lib/api-client';

/** Whether another merchant already logs staff in with this suffix. */
export async function suffixTaken(suffix: string): Promise<boolean> {
  const { exist } = await callApi(isExistSuffix, { sub_user_suffix: suffix }, { quiet: true });
  return exist;
}
