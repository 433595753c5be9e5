/** POST /api/uploads/images for the card photo (a card shows images only from our uploads). */
import { useMutation } from '@tanstack/react-query';
import type { UploadedImage } from '../../../../core/schemas/properties';
import { apiJson } from '../../../lib/api';

export function useUploadPhoto() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiJson<UploadedImage>('POST', '/api/uploads/images', form);
    },
  });
}
