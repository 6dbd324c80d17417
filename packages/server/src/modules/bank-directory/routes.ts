import * as api from '@vendo/contract/api/bank-directory';
import type { CallRegistrar } from '../../platform/route';
import './bank-directory-field-labels';
import type { DirectoryService } from './directory-service';

/** The bank and branch directory: public reads, each counted against the caller's address. */
export function bankDirectoryRoutes(r: CallRegistrar, directory: DirectoryService): void {
  r.public(api.getBankList, async ({ ip }) => {
    await directory.admit(ip);
    return directory.banks();
  });
  r.public(api.getBankNo, async ({ ip, body }) => {
    await directory.admit(ip);
    return directory.branches({ bank: body.head_bank, province: body.province, city: body.city });
  });
  r.public(api.getBankSubList, async ({ ip, body }) => {
    await directory.admit(ip);
    return directory.branches({
      bank: body.bank_code,
      province: body.province,
      city: body.city,
      keyword: body.keyword,
    });
  });
}
