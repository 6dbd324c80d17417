import { useMutation } from '@tanstack/react-query';
import { getImportTemplate } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';

/** The import template (.xlsx, headers in the person's language), as base64 to save. */
export function useImportTemplate() {
  return useMutation({ mutationFn: () => callApi(getImportTemplate) });
}
