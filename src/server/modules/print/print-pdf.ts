/**
 * The print sheet of a card: one A4 page with the card's front (name,
 * profession, company, BRN/ORN, phone, e-mail) and back (the QR of the card link) side by side
 * at business-card size (85 × 55 mm), with cut marks around the pair and a fold line between:
 * folded on a vertical line the back reads the right way up. English or Arabic; in Arabic the
 * page runs right to left (the front on the right). pdfkit draws it; text goes through the shared
 * bidi writer with the shipped IBM Plex Sans Arabic (platform/pdf/bidi-text.ts), and the QR is
 * drawn as vector squares, so it prints sharp at any printer resolution.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { fullPhone } from '../../../core/card-contact';
import type { Card } from '../../../core/schemas/card';
import { arabicLigaturesInReadingOrder, registerFonts, textWriter } from '../../platform/pdf/bidi-text';
import { cardOrganisation } from '../cards/head';
import { QUIET_ZONE } from './print-qr';

export type SheetLang = 'en' | 'ar';

export type SheetCard = Pick<
  Card,
  'name' | 'profession' | 'company' | 'bankName' | 'brnNumber' | 'ornNumber' | 'phone' | 'countryCode' | 'email'
>;

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const CARD = { width: 85 * MM, height: 55 * MM };
const PAD = 6 * MM;
const TEAL = '#0f3d3e';
const GOLD = '#b8860b';

const LABELS = {
  en: {
    title: 'Business card',
    hint: 'Print at 100 % (actual size). Cut along the marks and fold on the dashed line.',
    front: 'Front',
    back: 'Back',
    brn: 'BRN',
    orn: 'ORN',
    phone: 'Tel',
    email: 'E-mail',
    scan: 'Scan to open my card',
  },
  ar: {
    title: 'بطاقة العمل',
    hint: 'اطبع بالحجم الفعلي (100 %). قص على العلامات واطوِ على الخط المتقطع.',
    front: 'الوجه',
    back: 'الظهر',
    brn: 'رقم تسجيل الوسيط (BRN)',
    orn: 'رقم تسجيل المكتب (ORN)',
    phone: 'هاتف',
    email: 'البريد الإلكتروني',
    scan: 'امسح الرمز لفتح بطاقتي',
  },
} as const;

/** A left-to-right value (phone, e-mail, link) isolated so an Arabic line keeps its order. */
const ltr = (v: string) => `\u2066${v}\u2069`;

/** Renders the sheet; `link` is what the QR opens, `shownLink` the address printed under it. */
export function renderPrintSheet(card: SheetCard, link: string, shownLink: string, lang: SheetLang): Promise<Buffer> {
  const t = LABELS[lang];
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    lang,
    displayTitle: true,
    info: { Title: `${card.name} — ${t.title}`, Author: card.name, Subject: t.title },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const margin = 50;
  const page = textWriter(doc, dir, { left: margin, right: A4.width - margin });
  page.line(t.title, margin, { size: 18, bold: true, color: TEAL });
  page.line(t.hint, margin + 28, { size: 9, color: '#4b5563' });

  // The pair, centred; the front on the start side.
  const x0 = (A4.width - 2 * CARD.width) / 2;
  const y0 = 150;
  const frontX = dir === 'ltr' ? x0 : x0 + CARD.width;
  const backX = dir === 'ltr' ? x0 + CARD.width : x0;
  page.line(t.front, y0 - 34, { size: 8, color: '#6b7280', from: frontX, to: frontX + CARD.width });
  page.line(t.back, y0 - 34, { size: 8, color: '#6b7280', from: backX, to: backX + CARD.width });

  drawFront(doc, card, t, dir, lang, frontX, y0);
  drawBack(doc, link, shownLink, t, dir, backX, y0);
  cutMarks(doc, x0, y0, 2 * CARD.width, CARD.height);
  // The fold line, dashed, between the two halves.
  doc
    .moveTo(x0 + CARD.width, y0)
    .lineTo(x0 + CARD.width, y0 + CARD.height)
    .dash(3, { space: 3 })
    .lineWidth(0.4)
    .strokeColor('#9ca3af')
    .stroke()
    .undash();

  arabicLigaturesInReadingOrder(doc);
  doc.end();
  return done;
}

function drawFront(
  doc: PDFKit.PDFDocument,
  card: SheetCard,
  t: (typeof LABELS)[SheetLang],
  dir: 'ltr' | 'rtl',
  lang: SheetLang,
  x: number,
  y: number,
) {
  // A gold band on the start edge.
  const band = 2.2 * MM;
  doc.rect(dir === 'ltr' ? x : x + CARD.width - band, y, band, CARD.height).fill(GOLD);
  const w = textWriter(doc, dir, {
    left: x + PAD + (dir === 'ltr' ? band : 0),
    right: x + CARD.width - PAD - (dir === 'rtl' ? band : 0),
  });
  const width = CARD.width - 2 * PAD - band;
  let ty = y + PAD;
  const nameSize = fitSize(w.measure(card.name, 1, true), width, 14, 9);
  w.line(card.name, ty, { size: nameSize, bold: true, color: TEAL });
  ty += nameSize + 5;
  for (const l of w.wrap(card.profession, width, 8.5).slice(0, 2)) {
    w.line(l, ty, { size: 8.5, color: '#374151' });
    ty += 11;
  }
  const org = cardOrganisation(card, lang);
  if (org) w.line(org, ty + 1, { size: 8.5, bold: true, color: GOLD });

  const facts = [
    card.brnNumber ? `${t.brn}: ${card.brnNumber}` : null,
    card.ornNumber ? `${t.orn}: ${card.ornNumber}` : null,
    (() => {
      const phone = fullPhone(card.phone, card.countryCode);
      return phone ? `${t.phone}: ${ltr(phone)}` : null;
    })(),
    card.email ? `${t.email}: ${ltr(card.email)}` : null,
  ].filter((f): f is string => !!f);
  let fy = y + CARD.height - PAD - facts.length * 10 + 2;
  for (const f of facts) {
    w.line(f, fy, { size: 7.5, color: '#1f2937' });
    fy += 10;
  }
}

function drawBack(
  doc: PDFKit.PDFDocument,
  link: string,
  shownLink: string,
  t: (typeof LABELS)[SheetLang],
  dir: 'ltr' | 'rtl',
  x: number,
  y: number,
) {
  const qr = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  // The code with its quiet zone, as tall as the card allows above the caption.
  const side = CARD.height - PAD - 20;
  const module = side / (n + 2 * QUIET_ZONE);
  const left = x + (CARD.width - side) / 2;
  const top = y + PAD / 2;
  for (let r = 0; r < n; r += 1) {
    for (let c = 0; c < n; c += 1) {
      if (qr.modules.get(r, c)) {
        doc.rect(left + (c + QUIET_ZONE) * module, top + (r + QUIET_ZONE) * module, module, module);
      }
    }
  }
  doc.fill('#000000');
  const w = textWriter(doc, dir, { left: x + 4, right: x + CARD.width - 4 });
  w.line(t.scan, top + side + 1, { size: 8, bold: true, color: TEAL, align: 'center' });
  w.line(ltr(shownLink), top + side + 11, {
    size: fitSize(w.measure(shownLink, 1), CARD.width - 8, 6.5, 4),
    color: '#4b5563',
    align: 'center',
  });
}

/** The largest size from `max` down to `min` at which a text `unitWidth` wide at 1 pt fits. */
function fitSize(unitWidth: number, width: number, max: number, min: number): number {
  return Math.max(min, Math.min(max, Math.floor((width / unitWidth) * 2) / 2));
}

/** Short marks outside each corner, where the knife goes. */
function cutMarks(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number) {
  const gap = 3;
  const len = 12;
  doc.lineWidth(0.4).strokeColor('#111827');
  for (const [cx, sx] of [
    [x, -1],
    [x + w, 1],
  ] as const) {
    for (const [cy, sy] of [
      [y, -1],
      [y + h, 1],
    ] as const) {
      doc
        .moveTo(cx + sx * gap, cy)
        .lineTo(cx + sx * (gap + len), cy)
        .stroke();
      doc
        .moveTo(cx, cy + sy * gap)
        .lineTo(cx, cy + sy * (gap + len))
        .stroke();
    }
  }
}

/** The download's file name stem suffix, e.g. "Layla_Haddad_print_ar.pdf". */
export const sheetSuffix = (lang: SheetLang) => `_print_${lang}.pdf`;
