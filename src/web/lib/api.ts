/**
 * The API client: credentials always sent, JSON bodies with a JSON content type,
 * a non-ok response raises `Error("STATUS: body")`, and a 401 on a read can yield null.
 */
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { type ErrorCode, isErrorCode } from '../../core/error-codes';
import i18n from '../i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
  }
  /** The answer's JSON body, or null for a body that is not JSON (a proxy's page, say). */
  private get json(): Record<string, unknown> | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  /**
   * What to tell the user, in the language they read: the catalog's text for the answer's code
   * (errors:code.*), filled with the answer's values (a limit's `max`, say); else the text of its
   * status; else the server's own words. A validation failure says which field and why in the
   * server's message, which beats the catalog's general text in English.
   */
  get serverMessage(): string {
    const json = this.json;
    const message = typeof json?.message === 'string' ? json.message : this.body;
    const code = this.code;
    if (code === 'VALIDATION_FAILED' && i18n.language === 'en' && message) return message;
    if (code && i18n.exists(`errors:code.${code}`)) return i18n.t(`errors:code.${code}`, interpolationValues(json));
    if (i18n.exists(`errors:status.${this.status}`)) return i18n.t(`errors:status.${this.status}`);
    return message;
  }
  /** Field errors of a 400 VALIDATION_FAILED answer. */
  get fieldErrors(): Record<string, string> {
    const errors = this.json?.errors;
    return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
  }
  /** The answer's code when it is one the server's list holds; anything else is no code. */
  get code(): ErrorCode | undefined {
    const code = this.json?.code;
    return isErrorCode(code) ? code : undefined;
  }
}

/** The plain values of an error answer (`max`, `email`, `scope`), for the catalog's {{placeholders}}. */
function interpolationValues(json: Record<string, unknown> | null): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(json ?? {})) {
    if (key === 'message' || key === 'code') continue;
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  }
  return values;
}

/** True for a lost session (a message starting with 401 and containing Unauthorized). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text);
  }
}

/**
 * The language the user is reading, on every request: the server writes e-mails
 * caused by a signed-out request (sign-up, a new verification link) in it.
 */
function languageHeader(): Record<string, string> {
  return i18n.language === 'ar' || i18n.language === 'en' ? { 'Accept-Language': i18n.language } : {};
}

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: {
      ...extraHeaders,
      ...languageHeader(),
      ...(data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
    },
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** JSON helper over apiRequest. */
export async function apiJson<T>(
  method: string,
  url: string,
  data?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await apiRequest(method, url, data, headers);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Builds `?a=1&b=2` from the non-empty values only. */
export function toQueryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

type On401 = 'returnNull' | 'throw';

/** Default reads: GET of the query key segments joined by slashes. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', headers: languageHeader() });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** Data never goes stale by default, no refetch on interval or focus, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
