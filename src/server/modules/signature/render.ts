/**
 * The card as an HTML e-mail signature, written for e-mail clients rather than
 * browsers: Gmail drops <style> and classes, Outlook lays out tables only, and both block
 * scripts and relative or data: images. So every design is a table with inline styles, links
 * are absolute, the one image (a small QR of the card link) is an absolute PNG with its size,
 * and all user text is escaped. Photos are not used: they are stored as WebP or SVG, which
 * Outlook does not show.
 */
import { fullPhone, telLink, whatsappLink } from '../../../core/card-contact';
import type { Card } from '../../../core/schemas/card';
import type { SignatureDesign, SignatureLang } from '../../../core/schemas/signature';
import { enumLabel } from '../../platform/ai/labels';
import { escapeHtml } from '../../web';

export interface SignatureInput {
  card: Pick<
    Card,
    'name' | 'profession' | 'company' | 'bankName' | 'phone' | 'countryCode' | 'brnNumber' | 'ornNumber'
  > &
    Partial<Pick<Card, 'practiceCardNumber'>>;
  /** The public card page, absolute. */
  cardUrl: string;
  /** The QR PNG, absolute. */
  qrUrl: string;
}

const LABELS = {
  en: {
    phone: 'Phone',
    whatsapp: 'WhatsApp',
    card: 'View my digital card',
    brn: 'BRN',
    orn: 'ORN',
    practiceCard: 'Practice card',
    qrAlt: 'QR code of my Bitaqa card',
  },
  ar: {
    phone: 'الهاتف',
    whatsapp: 'واتساب',
    card: 'بطاقتي الرقمية',
    brn: 'BRN',
    orn: 'ORN',
    practiceCard: 'بطاقة المزاولة',
    qrAlt: 'رمز QR لبطاقتي على Bitaqa',
  },
} as const;

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const TEAL = '#124d4d';
const GOLD = '#d49a2a';
const GREY = '#475569';

interface Parts {
  lang: SignatureLang;
  align: 'left' | 'right';
  name: string;
  profession: string;
  company: string | null;
  licences: string | null;
  phone: { text: string; href: string } | null;
  whatsapp: string | null;
  cardUrl: string;
  cardText: string;
  qr: (size: number) => string;
}

const esc = escapeHtml;

function parts({ card, cardUrl, qrUrl }: SignatureInput, lang: SignatureLang): Parts {
  const l = LABELS[lang];
  const company = card.company || (card.bankName ? enumLabel(lang, 'bank', card.bankName) : null);
  const licences = [
    card.brnNumber && `${l.brn} ${card.brnNumber}`,
    card.ornNumber && `${l.orn} ${card.ornNumber}`,
    card.practiceCardNumber && `${l.practiceCard} ${card.practiceCardNumber}`,
  ].filter(Boolean) as string[];
  const phoneText = fullPhone(card.phone, card.countryCode);
  const tel = telLink(card.phone, card.countryCode);
  return {
    lang,
    align: lang === 'ar' ? 'right' : 'left',
    name: esc(card.name),
    profession: esc(card.profession),
    company: company ? esc(company) : null,
    // Licence numbers are digits; each is isolated so "BRN 12345" keeps its order in Arabic text.
    licences: licences.length ? licences.map((s) => `<span dir="ltr">${esc(s)}</span>`).join(' &middot; ') : null,
    phone: phoneText && tel ? { text: esc(phoneText), href: esc(tel) } : null,
    whatsapp: (() => {
      const wa = whatsappLink(card.phone, card.countryCode);
      return wa ? esc(wa) : null;
    })(),
    cardUrl: esc(cardUrl),
    cardText: esc(l.card),
    qr: (size) =>
      `<a href="${esc(cardUrl)}" style="text-decoration:none;"><img src="${esc(qrUrl)}" width="${size}" height="${size}" alt="${esc(l.qrAlt)}" style="display:block;border:0;width:${size}px;height:${size}px;"></a>`,
  };
}

const link = (href: string, label: string, color = TEAL) =>
  `<a href="${href}" style="color:${color};text-decoration:none;">${label}</a>`;

/** "Phone +971 … | WhatsApp | View my digital card", as links. */
function contactLine(p: Parts, color = TEAL, sep = ' &nbsp;|&nbsp; '): string {
  const l = LABELS[p.lang];
  const items: string[] = [];
  if (p.phone) items.push(link(p.phone.href, `<span dir="ltr">${p.phone.text}</span>`, color));
  if (p.whatsapp) items.push(link(p.whatsapp, esc(l.whatsapp), color));
  items.push(link(p.cardUrl, p.cardText, color));
  return items.join(sep);
}

const td = (p: Parts, style: string, body: string, attrs = '') =>
  `<td${attrs} style="${FONT}text-align:${p.align};${style}">${body}</td>`;

const table = (p: Parts, rows: string, style = '') =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" dir="${p.lang === 'ar' ? 'rtl' : 'ltr'}" style="border-collapse:collapse;direction:${p.lang === 'ar' ? 'rtl' : 'ltr'};text-align:${p.align};${style}">${rows}</table>`;

const row = (cells: string) => `<tr>${cells}</tr>`;

function titleLine(p: Parts): string {
  return [p.profession, p.company].filter(Boolean).join(' &middot; ');
}

/** Design 1, classic: the QR beside a teal rule, the details beside it. */
function classic(p: Parts): string {
  const inner = table(
    p,
    [
      row(td(p, `font-size:16px;font-weight:bold;color:${TEAL};padding:0 0 2px;`, p.name)),
      row(td(p, `font-size:13px;color:${GREY};padding:0 0 4px;`, titleLine(p))),
      p.licences ? row(td(p, `font-size:12px;color:${GREY};padding:0 0 4px;`, p.licences)) : '',
      row(td(p, 'font-size:13px;padding:2px 0 0;', contactLine(p))),
    ].join(''),
  );
  const side = p.align === 'left' ? 'right' : 'left';
  return table(
    p,
    row(
      td(p, `vertical-align:top;padding:0;padding-${side}:12px;`, p.qr(88), ' width="88"') +
        td(p, `vertical-align:top;padding:0;padding-${p.align}:12px;border-${p.align}:3px solid ${GOLD};`, inner),
    ),
  );
}

/** Design 2, compact: one column of text lines, a small QR under them. */
function compact(p: Parts): string {
  return table(
    p,
    [
      row(td(p, 'font-size:15px;font-weight:bold;color:#0f172a;padding:0 0 2px;', p.name)),
      row(td(p, `font-size:13px;color:${GREY};padding:0 0 2px;`, titleLine(p))),
      p.licences ? row(td(p, `font-size:12px;color:${GREY};padding:0 0 2px;`, p.licences)) : '',
      row(td(p, 'font-size:13px;padding:2px 0 6px;', contactLine(p, TEAL, ' &middot; '))),
      row(td(p, 'padding:0;', p.qr(64))),
    ].join(''),
  );
}

/** Design 3, banner: the name on a teal band with a gold rule, details and the QR below. */
function banner(p: Parts): string {
  const details = [
    p.licences ? `<div style="font-size:12px;color:${GREY};padding:0 0 4px;">${p.licences}</div>` : '',
    `<div style="font-size:13px;">${contactLine(p)}</div>`,
  ].join('');
  return table(
    p,
    [
      row(
        td(
          p,
          `background-color:${TEAL};color:#ffffff;padding:10px 14px;border-bottom:3px solid ${GOLD};`,
          `<div style="font-size:17px;font-weight:bold;color:#ffffff;">${p.name}</div><div style="font-size:13px;color:#d5f1ee;">${titleLine(p)}</div>`,
          ' colspan="2"',
        ),
      ),
      row(
        td(p, 'vertical-align:middle;padding:10px 14px;', details) +
          td(p, 'vertical-align:middle;padding:10px 14px;', p.qr(72), ' width="72"'),
      ),
    ].join(''),
    'border:1px solid #e2e8f0;',
  );
}

const DESIGNS: Record<SignatureDesign, (p: Parts) => string> = { '1': classic, '2': compact, '3': banner };

/** The signature fragment: one table, ready to paste into Gmail or Outlook. */
export function renderSignature(input: SignatureInput, design: SignatureDesign, lang: SignatureLang): string {
  return DESIGNS[design](parts(input, lang));
}
