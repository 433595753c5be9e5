/**
 * Component tests: the real components with the real i18n resources and the app's
 * query client, in happy-dom. The API is a tiny local handler in place of fetch: each test says
 * what the server answers and reads what the component sent.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import i18n, { i18nReady } from '../../src/web/i18n';
import { queryClient } from '../../src/web/lib/api';

export type Sent = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (req: Sent) => Answer | Promise<Answer> | undefined;

/** What the fake API received, in order. */
export const sent: Sent[] = [];
let handlers: Handler[] = [];

/** Answers requests with the first handler that returns an answer; anything else is a 404 the test sees. */
export function serveApi(...h: Handler[]) {
  handlers = h;
}

const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://bitaqa.test');
  const method = (init.method ?? 'GET').toUpperCase();
  const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
  const req: Sent = { method, path: url.pathname, query: url.searchParams, body };
  sent.push(req);
  for (const h of handlers) {
    const answer = await h(req);
    if (answer) {
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }
  }
  return new Response(JSON.stringify({ message: `no fake for ${method} ${url.pathname}` }), { status: 404 });
};

vi.stubGlobal('fetch', fakeFetch);

afterEach(() => {
  cleanup();
  queryClient.clear();
  sent.length = 0;
  handlers = [];
});

/** Where the router is now, for tests that check the URL a component wrote. */
export const location = { current: '' };
function LocationProbe() {
  const l = useLocation();
  location.current = `${l.pathname}${l.search}`;
  return null;
}

/** Renders `ui` at `path` (matched by `route`) in English or Arabic, once the namespaces are loaded. */
export async function renderPage(
  ui: ReactElement,
  opts: { path?: string; route?: string; lang?: 'en' | 'ar'; namespaces?: string[] } = {},
): Promise<RenderResult> {
  await i18nReady;
  await i18n.changeLanguage(opts.lang ?? 'en');
  await i18n.loadNamespaces(['common', 'enums', 'errors', 'validation', ...(opts.namespaces ?? [])]);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[opts.path ?? '/']}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={opts.route ?? '*'} element={ui} />
          </Routes>
          <LocationProbe />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
