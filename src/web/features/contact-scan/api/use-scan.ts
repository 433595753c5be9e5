/** POST /api/contacts/scan (read a card, nothing saved) and the save: photo upload, then POST /api/contacts. */
import type { ScanFields } from '../../../../core/contact-scan/extract';
import { useMutation } from '@tanstack/react-query';
import type { ScanResult } from '../../../../core/schemas/contact-scan';
import type { UploadedImage } from '../../../../core/schemas/properties';
import { apiJson } from '../../../lib/api';

export function useScanCard() {
  return useMutation({
    mutationFn: ({ front, back }: { front: File; back?: File | null }) => {
      const form = new FormData();
      form.append('front', front);
      if (back) form.append('back', back);
      return apiJson<ScanResult>('POST', '/api/contacts/scan', form);
    },
  });
}

/** What the review form holds: the fields the server read, each editable. */
export type ReviewValues = ScanFields;

const optional = (v: string) => (v.trim() ? v.trim() : undefined);

export function useSaveScannedContact() {
  return useMutation({
    mutationFn: async ({ values, photo, key }: { values: ReviewValues; photo: File | Blob; key?: string }) => {
      const form = new FormData();
      form.append('file', photo);
      // The card photo is kept with the contact; a failed upload should not lose the typed fields.
      const uploaded = await apiJson<UploadedImage>('POST', '/api/uploads/images', form).catch(() => null);
      return apiJson<{ id: string }>(
        'POST',
        '/api/contacts',
        {
          name: values.name.trim() || values.nameAr.trim(),
          nameAr: optional(values.nameAr),
          title: optional(values.title),
          company: optional(values.company),
          phones: values.phones.map((p) => p.trim()).filter(Boolean),
          emails: values.emails.map((e) => e.trim()).filter(Boolean),
          website: optional(values.website),
          address: optional(values.address),
          brn: optional(values.brn),
          orn: optional(values.orn),
          source: 'scan',
          photoUrl: uploaded?.url,
        },
        // A card photographed offline is saved under the key made when it was taken: saving twice adds it once.
        key ? { 'Idempotency-Key': key } : undefined,
      );
    },
  });
}
