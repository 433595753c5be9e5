import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import './styles.css';
import { App } from './app/app';
import { registerServiceWorker } from './lib/pwa/register';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// The layout's texts arrive first (a small chunk in the visitor's language): no untranslated flash.
// If they cannot load, render anyway; the page's error boundary and retries take it from there.
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

// After the page has loaded, so installing the worker (and precaching the app) never competes with
// the first paint.
window.addEventListener('load', () => void registerServiceWorker(), { once: true });
