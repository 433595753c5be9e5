/** POST /api/uploads/images: one photo as multipart/form-data. */
import { useMutation } from '@tanstack/react-query';
import type { UploadedImage } from '../../../../core/schemas/properties';
import { apiJson } from '../../../lib/api';

export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiJson<UploadedImage>('POST', '/api/uploads/images', form);
    },
  });
}
