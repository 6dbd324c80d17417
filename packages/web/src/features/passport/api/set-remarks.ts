import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setPassportRemarks } from '@vendo/contract/api/passport';
import { callApi } from '../../../lib/api-client';
import { passportKeys, type PassportCredentials } from './query-keys';

export function useSetRemarks(credentials: PassportCredentials | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { account: string; remarks: string }) =>
      callApi(setPassportRemarks, body, { credentials: credentials ?? undefined }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passportKeys.info });
    },
  });
}
