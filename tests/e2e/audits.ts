/**
 * Page audits shared by the a11y suite (and usable from a one-off script):
 * Latin-script words left on an Arabic page, and tap targets too small for a finger.
 */
import type { Page } from '@playwright/test';

/**
 * Latin-script words that may stay in Arabic mode: brand and product names, and codes an Arabic
 * reader sees in Latin letters in the UAE too. Keep it short: anything else is a missing
 * translation.
 */
export const LATIN_ALLOWED = [
  'Bitaqa', // the brand (its Arabic name is بطاقة; the Latin logo stays)
  'EN', // the language switch "EN | عربي" names the other language in its own script
  'AED',
  'BRN', // broker registration number (RERA)
  'ORN', // office registration number (RERA)
  'RERA',
  'QR',
  'vCard',
  'WhatsApp',
  'Telegram',
  'LinkedIn',
  'Instagram',
  'Google',
  'Maps',
  'CSV',
  'JPEG', // image formats, named as the files are
  'PNG',
  'WebP',
] as const;

/**
 * Every Latin-script word visible on the page (text, placeholders, screen-reader-only text too)
 * outside user data and the allow-list, with the text it sits in.
 *
 * The rule for user data, kept simple: text the app renders from what a person typed is marked
 * where it is rendered, by `data-user` (added for this audit), `translate="no"`, `<bdi>` or
 * `dir="auto"` (the app's marks for user text isolated from the sentence around it); inside a
 * translated sentence, user data sits between Unicode isolates (FSI/LRI/RLI … PDI) in the
 * translation. Text in an element whose `lang` is another language is deliberately so (the card
 * page's switch names "English" in English). Form fields' own values are the visitor's typing.
 * E-mail addresses and web addresses are data whatever the language.
 */
export async function latinWordsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(
    (allowed) => {
      const allow = new Set(allowed);
      const USER = '[data-user], [translate="no"], [dir="auto"], bdi, script, style, noscript, template, svg';
      const otherLanguage = (el: Element) => !(el.closest('[lang]')?.getAttribute('lang') ?? 'ar').startsWith('ar');
      const found = new Set<string>();
      const where = (el: Element) => {
        const testid = el.closest('[data-testid]')?.getAttribute('data-testid');
        return `<${el.tagName.toLowerCase()} class="${(el.getAttribute('class') ?? '').slice(0, 50)}"${testid ? ` in ${testid}` : ''}>`;
      };
      const check = (text: string, el: Element) => {
        const cleaned = text
          .replace(/[\u2066-\u2068][^\u2069]*\u2069/g, ' ') // user data isolated inside a translation
          .replace(/\S+@\S+/g, ' ') // e-mail addresses
          .replace(/\bhttps?:\/\/\S*/g, ' ') // web addresses and their "https://" hint
          .replace(/\b(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)*\.(?:ae|com|net|org|io|dev)\b\S*/gi, ' '); // web addresses
        // An amount in English shorthand ("AED 3.0M") where Arabic says مليون.
        for (const m of cleaned.matchAll(/\d[KMB]\b/g))
          found.add(`${m[0]} ← “${text.trim().slice(0, 80)}” ${where(el)}`);
        for (const m of cleaned.matchAll(/[A-Za-z\u00C0-\u024F]+(?:['’][A-Za-z]+)?/g)) {
          const word = m[0];
          // A lone letter is a unit or an index (m², 3D, x2), not a sentence left in English.
          if (word.length < 2 || allow.has(word)) continue;
          found.add(`${word} ← “${text.trim().slice(0, 80)}” ${where(el)}`);
        }
      };
      const visible = (el: Element) =>
        el.checkVisibility({ opacityProperty: false, visibilityProperty: true }) && el.getClientRects().length > 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || !node.textContent?.trim() || el.closest(USER) || otherLanguage(el) || !visible(el)) continue;
        check(node.textContent, el);
      }
      for (const el of document.querySelectorAll('[placeholder]')) {
        if (!el.closest(USER) && !otherLanguage(el) && visible(el)) check(el.getAttribute('placeholder') ?? '', el);
      }
      return [...found];
    },
    LATIN_ALLOWED as unknown as string[],
  );
}

/** What a finger can tap. */
const INTERACTIVE =
  'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option], [tabindex]:not([tabindex="-1"])';

/**
 * Tap targets under 24×24 CSS px (WCAG 2.5.8), and primary actions (`data-primary-action`) under
 * 44 px tall. Exempt, as WCAG allows: a link inside a sentence (its parent block has other text
 * besides the link), and controls the browser draws at its own size inside a bigger label
 * (checkboxes and radios whose label is the target). Invisible and screen-reader-only elements
 * are not targets.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    const nameOf = (el: Element) => {
      const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} “${name}”`;
    };
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A') return false;
      const block = el.parentElement;
      if (!block) return false;
      const own = (el.textContent ?? '').trim();
      const all = (block.textContent ?? '').trim();
      return all.length > own.length + 10 && getComputedStyle(el).display.startsWith('inline');
    };
    for (const el of document.querySelectorAll(selector)) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue; // sr-only (skip links appear on focus, then are big)
      if ((el as HTMLInputElement).disabled) continue;
      const type = (el as HTMLInputElement).type;
      if (el.tagName === 'INPUT' && (type === 'checkbox' || type === 'radio') && el.closest('label')) {
        const label = el.closest('label')?.getBoundingClientRect();
        if (label && label.height >= 24) continue;
      }
      if (inSentence(el)) continue;
      const w = Math.round(r.width);
      const h = Math.round(r.height);
      if (w < 24 || h < 24) out.push(`${nameOf(el)} is ${w}×${h}`);
      else if (el.hasAttribute('data-primary-action') && h < 44) out.push(`primary ${nameOf(el)} is ${h}px tall`);
    }
    return out;
  }, INTERACTIVE);
}
