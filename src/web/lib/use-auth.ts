/** The current user: 401 means signed out, cached 5 minutes, no retry, no focus refetch. */
import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../core/schemas/auth';
import { getQueryFn } from './api';
import { DELAYS } from '../../core/limits';
import { safeNextPath } from '../../core/safe-next';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;
export const ADMIN_AUTH_KEY = ['/api/admin/auth'] as const;

export function useAuth() {
  const { data, isLoading } = useQuery<PublicUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
    staleTime: DELAYS.userCacheMs,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: false,
  });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}

/** The admin's session, or why there is none: signed out/not an admin, or two-factor still to turn on. */
type AdminAuth = { admin: PublicUser | null; mustEnrolTwoFactor: boolean };

export function useAdminAuth() {
  const { data, isLoading } = useQuery<AdminAuth>({
    queryKey: ADMIN_AUTH_KEY,
    queryFn: async () => {
      const res = await fetch(ADMIN_AUTH_KEY[0], { credentials: 'include' });
      if (res.status === 401) return { admin: null, mustEnrolTwoFactor: false };
      if (res.status === 403) {
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        return { admin: null, mustEnrolTwoFactor: body.code === 'TWO_FACTOR_ENROLMENT_REQUIRED' };
      }
      if (!res.ok) throw new Error(`${res.status}`);
      return { admin: (await res.json()) as PublicUser, mustEnrolTwoFactor: false };
    },
    staleTime: DELAYS.userCacheMs,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return { admin: data?.admin ?? null, mustEnrolTwoFactor: data?.mustEnrolTwoFactor ?? false, isLoading };
}

/** Where a user lands after sign-in (first sign-in without a role choice → role selection). */
const RETURN_PATH_KEY = 'bitaqa.returnTo';

/** Remembers where to come back after signing in (an invitation link). Same-site paths only. */
export function rememberReturnPath(path: string): void {
  const safe = safeNextPath(path);
  if (safe) window.sessionStorage.setItem(RETURN_PATH_KEY, safe);
}

/** The remembered path, once; null when there is none. */
export function takeReturnPath(): string | null {
  if (typeof window === 'undefined') return null;
  const path = window.sessionStorage.getItem(RETURN_PATH_KEY);
  window.sessionStorage.removeItem(RETURN_PATH_KEY);
  return safeNextPath(path);
}

export function landingPathFor(user: Pick<PublicUser, 'role' | 'roleChosen'>): string {
  if (user.role === 'admin') return '/admin';
  if (!user.roleChosen || user.role === 'visitor') return '/role-selection';
  return '/';
}
