/**
 * The only script of a server-rendered card page (issue 9): a few hundred bytes that make Share
 * work (the phone's share sheet, else the dialog loaded on demand), open the inquiry and
 * share-your-details forms on demand and count the visit. Everything heavier (React, the dialog, QR code, the form) is
 * imported only when the visitor asks for it.
 */
import { pageSource, sendCardEvent, trackCardPage } from './features/cards/card-beacon';
import { nativeShare } from './features/cards/native-share';

export interface CardPageData {
  id: string;
  name: string;
  company: string | null;
  url: string;
  shareText: string;
  lang: 'en' | 'ar';
}

const dataNode = document.getElementById('card-data');
if (dataNode?.textContent) {
  const data = JSON.parse(dataNode.textContent) as CardPageData;
  const island = () => import('./features/cards/card-island');

  const source = pageSource();
  trackCardPage(document, data.id, source);

  document.querySelector('[data-card-share]')?.addEventListener('click', async () => {
    sendCardEvent(data.id, 'share', source);
    // The phone's share sheet does not say which app it went to: those visits count as 'other'.
    if (await nativeShare({ title: data.name, text: data.shareText, url: `${data.url}?src=other` })) return;
    await (await island()).openShareDialog(data);
  });

  const inquiry = document.querySelector<HTMLElement>('[data-card-inquiry]');
  inquiry?.querySelector('button')?.addEventListener('click', async () => {
    await (await island()).mountInquiry(inquiry, data);
  });

  const exchange = document.querySelector<HTMLElement>('[data-card-exchange]');
  exchange?.querySelector('button')?.addEventListener('click', async () => {
    await (await island()).mountExchange(exchange, data);
  });

  fetch(`/api/business-cards/${encodeURIComponent(data.id)}/view`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ src: source }),
    credentials: 'include',
  }).catch(() => {
    // Analytics never get in the visitor's way.
  });
}
