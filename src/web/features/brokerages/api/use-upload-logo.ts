/** POST /api/uploads/images for the brokerage logo (images only from our own uploads). */
import { useMutation } from '@tanstack/react-query';
import type { UploadedImage } from '../../../../core/schemas/properties';
import { apiJson } from '../../../lib/api';

export function useUploadLogo() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiJson<UploadedImage>('POST', '/api/uploads/images', form);
    },
  });
}
