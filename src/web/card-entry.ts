/**
 * The only script of a server-rendered card page: a few hundred bytes that make Share
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
  /** "Saved to your contacts", in the page's language. */
  savedText: string;
}

const dataNode = document.getElementById('card-data');
if (dataNode?.textContent) {
  const data = JSON.parse(dataNode.textContent) as CardPageData;
  const island = () => import('./features/cards/card-island');

  const source = pageSource();
  trackCardPage(document, data.id, source);

  // The buttons that need this script are rendered hidden; now they work, they show.
  for (const el of document.querySelectorAll<HTMLElement>(
    '[data-card-share], [data-card-inquiry] > button, [data-card-exchange] > button',
  )) {
    el.hidden = false;
  }

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

  // "Save to my contacts": signed in, the card's owner joins the visitor's contact book; signed out,
  // the sign-in page brings the visitor back here.
  const save = document.querySelector<HTMLButtonElement>('[data-card-save]');
  if (save) {
    save.hidden = false;
    save.addEventListener('click', async () => {
      save.disabled = true;
      const res = await fetch(`/api/business-cards/${encodeURIComponent(data.id)}/save-contact`, {
        method: 'POST',
        credentials: 'include',
      }).catch(() => null);
      if (res?.status === 401) {
        window.location.href = `/login?next=${encodeURIComponent(window.location.pathname)}`;
        return;
      }
      if (res?.ok) {
        const contact = (await res.json()) as { id: string };
        const link = document.createElement('a');
        link.href = `/contacts/${encodeURIComponent(contact.id)}`;
        link.className = save.className;
        link.textContent = `✓ ${data.savedText}`;
        link.dataset.testid = 'saved-to-contacts';
        save.replaceWith(link);
        return;
      }
      save.disabled = false;
    });
  }

  fetch(`/api/business-cards/${encodeURIComponent(data.id)}/view`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ src: source }),
    credentials: 'include',
  }).catch(() => {
    // Analytics never get in the visitor's way.
  });
}
