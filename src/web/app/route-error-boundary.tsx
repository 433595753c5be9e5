/**
 * What a visitor sees when a page cannot show: inside the layout, never a blank page.
 *
 * - A page's chunk failed to load (a new deploy removed the old file while the tab was open, or
 *   the connection dropped): the page reloads once by itself to pick up the new build; if that
 *   does not help, it says so and offers a retry (which reloads again). A sessionStorage mark
 *   keeps this from ever becoming a reload loop.
 * - Any other error while rendering: a friendly message with a retry that renders the page again.
 * Moving to another route clears the error.
 */
import { AlertTriangle, WifiOff } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../components/ui/button';

/** sessionStorage key: when this tab last reloaded on its own because a chunk failed. */
export const CHUNK_RELOAD_KEY = 'bitaqa.chunkReloadAt';
/** An automatic reload is tried at most once in this window; after that the visitor decides. */
const AUTO_RELOAD_WINDOW_MS = 60_000;

/** Failed `import()` or stylesheet preload, as Chromium, Firefox, Safari and Vite word it. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
      error.message,
    )
  );
}

function readReloadMark(): number {
  try {
    return Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  } catch {
    return 0;
  }
}

/** Reloads once (per window) to fetch the new build; false when that was already tried. */
function reloadOnce(): boolean {
  if (Date.now() - readReloadMark() < AUTO_RELOAD_WINDOW_MS) return false;
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false; // Without storage there is no loop guard: let the visitor choose.
  }
  window.location.reload();
  return true;
}

function ErrorView({ chunk, onRetry }: { chunk: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const Icon = chunk ? WifiOff : AlertTriangle;
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center px-4 py-20 text-center">
      <Icon className="h-12 w-12 text-brand-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">
        {chunk ? t('pageError.chunkTitle') : t('pageError.title')}
      </h1>
      <p className="mt-2 text-slate-600">{chunk ? t('pageError.chunkText') : t('pageError.text')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button type="button" size="lg" onClick={onRetry}>
          {t('pageError.retry')}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/">{t('pageError.home')}</Link>
        </Button>
      </div>
    </div>
  );
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  failedAt: string | null;
  reloading: boolean;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, failedAt: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // A new route starts clean; the route that failed keeps showing the error.
    if (state.error !== null && state.failedAt !== null && state.failedAt !== props.resetKey) {
      return { error: null, failedAt: null, reloading: false };
    }
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedAt: this.props.resetKey });
    if (isChunkLoadError(error)) {
      if (reloadOnce()) this.setState({ reloading: true });
      return;
    }
    console.error(error, info.componentStack);
  }

  retry = (): void => {
    if (isChunkLoadError(this.state.error)) {
      // A lazy page remembers its failed import: only a fresh load fetches it (and a new build) again.
      window.location.reload();
      return;
    }
    this.setState({ error: null, failedAt: null });
  };

  render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    if (this.state.reloading) return <div className="min-h-[50vh]" />;
    return <ErrorView chunk={isChunkLoadError(this.state.error)} onRetry={this.retry} />;
  }
}

/** Wraps the routes, inside the layout: header, footer and navigation stay usable. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
