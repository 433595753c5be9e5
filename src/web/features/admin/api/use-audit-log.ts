/** GET /api/admin/audit-log: who did what, when, newest first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogPage } from '../../../../core/schemas/admin';
import { apiJson, toQueryString } from '../../../lib/api';
import { AUDIT_LOG_KEY } from './admin-center-keys';

export const AUDIT_PAGE_SIZE = 15;

export function useAuditLog(offset: number) {
  return useQuery({
    queryKey: [...AUDIT_LOG_KEY, offset],
    queryFn: () =>
      apiJson<AuditLogPage>('GET', `${AUDIT_LOG_KEY[0]}${toQueryString({ limit: AUDIT_PAGE_SIZE, offset })}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
