import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { PageSkeleton } from '../components/ui/feedback';
import { Toaster } from '../components/ui/toast';
import { queryClient } from '../lib/api';
import { LocaleDirection } from './direction';
import { Layout } from './layout';
import { RouteAnnouncer } from './route-announcer';
import { RouteErrorBoundary } from './route-error-boundary';
import { ROUTES } from './routes';

/** Moves to the top of a new page, as a full navigation would. */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on each new path on purpose
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleDirection>
        <BrowserRouter>
          <ScrollToTop />
          <RouteAnnouncer />
          <Layout>
            <RouteErrorBoundary>
              <Suspense fallback={<PageSkeleton />}>
                <Routes>
                  {ROUTES.map(({ path, Component }) => (
                    <Route key={path} path={path} element={<Component />} />
                  ))}
                </Routes>
              </Suspense>
            </RouteErrorBoundary>
          </Layout>
          <Toaster />
        </BrowserRouter>
      </LocaleDirection>
    </QueryClientProvider>
  );
}
