/**
 * What a server-rendered card page loads only when the visitor asks: the share dialog
 * and the inquiry form, as small React roots beside the server's markup.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { CardPageData } from '../../card-entry';
import { LocaleDirection } from '../../app/direction';
import { Toaster } from '../../components/ui/toast';
import i18n from '../../i18n';
import { queryClient } from '../../lib/api';
import { ContactForm } from './components/contact-form';
import { ExchangeForm } from './components/exchange-form';
import { ShareDialog } from './components/share-dialog';

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleDirection>
        <Suspense fallback={null}>
          {children}
          <Toaster />
        </Suspense>
      </LocaleDirection>
    </QueryClientProvider>
  );
}

const shareState = { reopen: null as (() => void) | null };

function Share({ data }: { data: CardPageData }) {
  const [isOpen, setOpen] = useState(true);
  shareState.reopen = () => setOpen(true);
  return (
    <ShareDialog
      card={{ id: data.id, name: data.name, company: data.company }}
      audience="visitor"
      open={isOpen}
      onOpenChange={setOpen}
    />
  );
}

/** The page's language and the namespaces these islands read, loaded before they mount (no untranslated flash). */
async function ready(data: CardPageData, namespaces: string[]): Promise<void> {
  await i18n.changeLanguage(data.lang);
  await i18n.loadNamespaces(namespaces);
}

/** Opens the visitor's share dialog (mounted once, reopened afterwards). */
export async function openShareDialog(data: CardPageData): Promise<void> {
  await ready(data, ['cards']);
  if (shareState.reopen) {
    shareState.reopen();
    return;
  }
  const host = document.createElement('div');
  document.body.appendChild(host);
  createRoot(host).render(
    <Providers>
      <Share data={data} />
    </Providers>,
  );
}

/** Replaces the "Send an inquiry" button with the inquiry form. */
export async function mountInquiry(host: HTMLElement, data: CardPageData): Promise<void> {
  await ready(data, ['inquiries', 'validation']);
  host.replaceChildren();
  createRoot(host).render(
    <Providers>
      <ContactForm cardId={data.id} ownerName={data.name} />
    </Providers>,
  );
}

/** Replaces the "Share your details" button with the open exchange form. */
export async function mountExchange(host: HTMLElement, data: CardPageData): Promise<void> {
  await ready(data, ['inquiries', 'validation']);
  host.replaceChildren();
  createRoot(host).render(
    <Providers>
      <ExchangeForm cardId={data.id} ownerName={data.name} initiallyOpen />
    </Providers>,
  );
}
