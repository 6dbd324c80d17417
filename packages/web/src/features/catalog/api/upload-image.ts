import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getImg, upload } from '@vendo/contract/api/catalog';
import { uploadCall } from '../../../lib/upload';
import { invalidateCalls } from '../../../lib/query-keys';

/** The plain multipart upload (desktop browsers): one image file into the library. */
export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCall(upload, { file: { file } }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getImg),
  });
}
