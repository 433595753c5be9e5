/**
 * The regulator's registers: uploading a register file (with its upload progress), the latest
 * imports, and the review queue of licence numbers the register did not confirm.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  RegisterImport,
  RegisterImportReport,
  RegisterKind,
  RegisterReview,
  RegisterReviewItem,
} from '../../../../core/schemas/registers';
import i18n from '../../../i18n';
import { ApiError, apiJson, queryClient, toQueryString } from '../../../lib/api';
import { PENDING_APPROVALS_KEY } from '../../../lib/query-keys';
import { ADMIN_STATS_KEY, AUDIT_LOG_KEY } from './admin-center-keys';

export const REGISTER_IMPORTS_KEY = ['/api/admin/registers/imports'] as const;
export const REGISTER_REVIEW_KEY = ['/api/admin/registers/review'] as const;
export const REGISTER_REVIEW_PAGE = 10;

export function useRegisterImports() {
  return useQuery({
    queryKey: REGISTER_IMPORTS_KEY,
    queryFn: () => apiJson<RegisterImport[]>('GET', REGISTER_IMPORTS_KEY[0]),
    staleTime: 0,
  });
}

export function useRegisterReview(offset: number) {
  return useQuery({
    queryKey: [...REGISTER_REVIEW_KEY, offset],
    queryFn: () =>
      apiJson<RegisterReview>(
        'GET',
        `${REGISTER_REVIEW_KEY[0]}${toQueryString({ limit: REGISTER_REVIEW_PAGE, offset })}`,
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

const refresh = () =>
  Promise.all(
    [REGISTER_IMPORTS_KEY, REGISTER_REVIEW_KEY, PENDING_APPROVALS_KEY, ADMIN_STATS_KEY, AUDIT_LOG_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/**
 * Sends the file with XMLHttpRequest, the one browser API that reports upload progress; `onProgress`
 * gets the share sent (0–1), then null while the server reads and checks the file.
 */
function uploadRegister(kind: RegisterKind, file: File, onProgress: (share: number | null) => void) {
  return new Promise<RegisterImportReport>((resolve, reject) => {
    const body = new FormData();
    // The kind goes before the file: the server reads the parts in order.
    body.append('kind', kind);
    body.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/registers/import');
    xhr.withCredentials = true;
    if (i18n.language === 'ar' || i18n.language === 'en') xhr.setRequestHeader('Accept-Language', i18n.language);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(null);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as RegisterImportReport);
      else reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.send(body);
  });
}

export function useRegisterUpload(onProgress: (share: number | null) => void) {
  return useMutation({
    mutationFn: ({ kind, file }: { kind: RegisterKind; file: File }) => uploadRegister(kind, file, onProgress),
    onSettled: refresh,
  });
}

/** The admin's own verification of a number the register did not confirm: it stays manual. */
export function useVerifyByHand() {
  return useMutation({
    mutationFn: (item: Pick<RegisterReviewItem, 'kind' | 'id'>) =>
      item.kind === 'card'
        ? apiJson('PATCH', `/api/admin/business-cards/${encodeURIComponent(item.id)}/license`, { verified: true })
        : apiJson('PATCH', `/api/admin/brokerages/${encodeURIComponent(item.id)}/orn`, { verified: true }),
    onSuccess: refresh,
  });
}
