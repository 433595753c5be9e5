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

export function useAdminAuth() {
  const { data, isLoading } = useQuery<PublicUser | null>({
    queryKey: ADMIN_AUTH_KEY,
    queryFn: async (ctx) => {
      const res = await fetch(ADMIN_AUTH_KEY[0], { credentials: 'include' });
      if (res.status === 401 || res.status === 403) return null;
      return getQueryFn<PublicUser>({ on401: 'returnNull' })(ctx);
    },
    staleTime: DELAYS.userCacheMs,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return { admin: data ?? null, isLoading };
}

/** Where a user lands after sign-in (issue 2: first sign-in without a role choice → role selection). */
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
