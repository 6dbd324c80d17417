import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from '../../platform/app-error';
import { storeInScope, type Scope } from '../../platform/scope';
import type { DeviceRepository } from './device-repository';
import type { DeviceRow } from './device-tables';

/**
 * The device of an sn, if the caller may touch it: bound to the caller's merchant and, for staff limited to
 * some stores, standing in one of them. Anything else reads "device does not exist" (another merchant's sn
 * reveals nothing).
 */
export async function accessibleDevice(repo: DeviceRepository, scope: Scope, sn: string): Promise<DeviceRow> {
  const device = await repo.findBySn(sn);
  if (!device || device.merchant_id !== scope.merchantId || !storeInScope(scope, device.store_id)) {
    throw new AppError(RCODE.DEVICE_NOT_FOUND);
  }
  return device;
}
