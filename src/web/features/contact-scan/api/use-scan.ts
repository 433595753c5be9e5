/** POST /api/contacts/scan (read a card, nothing saved) and the save: photo upload, then POST /api/contacts. */
import type { ScanFields } from '../../../../core/contact-scan/extract';
import { useMutation } from '@tanstack/react-query';
import type { ScanResult } from '../../../../core/schemas/contact-scan';
import type { UploadedImage } from '../../../../core/schemas/properties';
import { ApiError, apiJson } from '../../../lib/api';
import { photoUrlOf, type ScanCapture } from '../../../lib/offline/outbox';

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

/** Statuses that will not change on another try: the photo itself is refused (type, size, unreadable). */
const PHOTO_REFUSED = new Set([400, 413, 415]);

const uploadPhoto = async (photo: File | Blob) => {
  const form = new FormData();
  form.append('file', photo);
  return (await apiJson<UploadedImage>('POST', '/api/uploads/images', form)).url;
};

/** A card photo the server refuses for good is left out; any other failure is tried again later. */
const uploadKeptPhoto = (photo: Blob) =>
  uploadPhoto(photo).catch((err: unknown) => {
    if (err instanceof ApiError && PHOTO_REFUSED.has(err.status)) return null;
    throw err;
  });

export interface SaveScannedContact {
  values: ReviewValues;
  photo: File | Blob;
  /**
   * A card photographed offline: saved under the key made when it was taken, with its photo
   * uploaded once (photoUrlOf), so saving it again sends the same request and adds it once.
   */
  capture?: ScanCapture;
}

export async function saveScannedContact({ values, photo, capture }: SaveScannedContact): Promise<{ id: string }> {
  const photoUrl = capture
    ? await photoUrlOf(capture, uploadKeptPhoto)
    : // The card photo is kept with the contact; a failed upload should not lose the typed fields.
      await uploadPhoto(photo).catch(() => null);
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
      photoUrl: photoUrl ?? undefined,
    },
    capture ? { 'Idempotency-Key': capture.id } : undefined,
  );
}

export function useSaveScannedContact() {
  return useMutation({ mutationFn: saveScannedContact });
}
