/**
 * The tax invoice as a PDF, in English or Arabic (issue 17), drawn from the stored snapshot.
 *
 * pdfkit embeds the fonts and fontkit shapes Arabic (joining forms, ligatures) and lays an
 * Arabic run out right to left. What neither does is the Unicode bidirectional algorithm for a
 * line mixing both directions ("رقم الفاتورة: INV-2026-000001"), so each line goes through
 * bidi-js first: resolve levels, reorder into visual order, mirror brackets, then draw the
 * visual runs left to right, Arabic runs with the Arabic font and the rest with the Latin one.
 *
 * Font: IBM Plex Sans Arabic (SIL OFL, from @fontsource), whose Arabic glyphs are one per
 * letter form, so the PDF's text layer maps back to the letters (copy/paste, search, tests).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import type { Invoice } from '../../db/schema';
import { formatFils, formatRate } from './vat';

export type InvoiceLang = 'en' | 'ar';

const bidi = bidiFactory();

type FontName = 'lat' | 'latBold' | 'ar' | 'arBold';

/** A parsed font, as fontkit returns it (pdfkit takes it in place of the file). */
type ParsedFont = { layout: (text: string) => unknown };

let parsedFonts: Record<FontName, ParsedFont> | undefined;
/**
 * The four fonts, read and parsed once per process: parsing a WOFF and loading its shaping
 * tables for every document made an Arabic invoice take about half a second.
 */
function fonts(): Record<FontName, ParsedFont> {
  if (!parsedFonts) {
    const require = createRequire(import.meta.url);
    const fontkit = require('fontkit') as { create: (data: Buffer) => ParsedFont };
    const dir = path.join(path.dirname(require.resolve('@fontsource/ibm-plex-sans-arabic/LICENSE')), 'files');
    const font = (subset: string, weight: number) =>
      fontkit.create(
        woffToSfnt(fs.readFileSync(path.join(dir, `ibm-plex-sans-arabic-${subset}-${weight}-normal.woff`))),
      );
    parsedFonts = {
      lat: font('latin', 400),
      latBold: font('latin', 700),
      ar: font('arabic', 400),
      arBold: font('arabic', 700),
    };
  }
  return parsedFonts;
}

/**
 * WOFF 1.0 → the plain TrueType/OpenType file it wraps (W3C WOFF §4–5). fontkit reads WOFF but
 * inflates a table again on every read, which made nine tenths of an invoice's render time.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? zlib.inflateSync(stored) : stored,
    };
  });
  const log2 = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  woff.copy(header, 0, 4, 8); // the flavor is the sfnt version
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(2 ** log2 * 16, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(numTables * 16 - 2 ** log2 * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const rec = 12 + i * 16;
    t.tag.copy(header, rec);
    header.writeUInt32BE(t.checksum, rec + 4);
    header.writeUInt32BE(offset, rec + 8);
    header.writeUInt32BE(t.data.length, rec + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

const CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Latin tokens with separators: dates, invoice numbers, e-mail addresses. */
const NUMBER_TOKEN = /[A-Za-z0-9]+(?:[-/.:,@+_][A-Za-z0-9]+)+/g;

interface Run {
  text: string;
  font: FontName;
}

/** The runs of one line in visual order (left to right), each in one font. */
export function visualRuns(text: string, dir: 'ltr' | 'rtl', bold = false): Run[] {
  // In Arabic text a date such as 2026-11-26 would show as 26-11-2026 (the algorithm makes the
  // digits Arabic numbers and the hyphens neutral), and INV-2031-000024 as 2031-000024-INV:
  // Latin tokens with separators are isolated as left-to-right.
  // Characters outside the Basic Multilingual Plane (emoji in a name) have no glyph in the
  // invoice fonts and would break the index arithmetic below: they print as U+FFFD.
  const bmp = text.replace(/[\u{10000}-\u{10FFFF}]/gu, '\uFFFD');
  const line = dir === 'rtl' ? bmp.replace(NUMBER_TOKEN, (m) => `\u2066${m}\u2069`) : bmp;
  if (!line) return [];
  const arFont: FontName = bold ? 'arBold' : 'ar';
  const latFont: FontName = bold ? 'latBold' : 'lat';
  // Which font draws each character; spaces follow their neighbour so a phrase stays one run.
  const chars = [...line];
  const isArabic = chars.map((c) => (ARABIC.test(c) ? 1 : /\s/.test(c) ? -1 : 0));
  for (let i = 0; i < isArabic.length; i += 1) {
    if (isArabic[i] === -1) isArabic[i] = i > 0 ? isArabic[i - 1] : (isArabic.find((v) => v !== -1) ?? 0);
  }
  const levels = bidi.getEmbeddingLevels(line, dir);
  // Directional controls steer the algorithm but are not drawn.
  const order = bidi.getReorderedIndices(line, levels).filter((k) => !CONTROLS.test(line[k]));
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const runs: Run[] = [];
  let i = 0;
  while (i < order.length) {
    const first = order[i];
    const arabic = isArabic[first] === 1;
    const rtl = (levels.levels[first] & 1) === 1;
    let j = i + 1;
    // An Arabic right-to-left run is handed to fontkit in logical order (it shapes and reverses).
    while (
      j < order.length &&
      (isArabic[order[j]] === 1) === arabic &&
      ((levels.levels[order[j]] & 1) === 1) === rtl &&
      (!arabic || !rtl || order[j] === order[j - 1] - 1)
    )
      j += 1;
    const indices = order.slice(i, j);
    const text =
      arabic && rtl
        ? line.slice(indices[indices.length - 1], indices[0] + 1)
        : indices.map((k) => mirrored.get(k) ?? line[k]).join('');
    runs.push({ text, font: arabic ? arFont : latFont });
    i = j;
  }
  return runs;
}

const LABELS = {
  en: {
    title: 'Tax Invoice',
    seller: 'Seller',
    trn: 'TRN',
    number: 'Invoice number',
    date: 'Invoice date',
    billTo: 'Bill to',
    description: 'Description',
    amount: 'Amount (AED)',
    net: 'Amount excluding VAT',
    vat: (rate: string) => `VAT ${rate}`,
    total: 'Total (AED)',
    note: 'All amounts are in UAE dirhams (AED). The price includes VAT.',
  },
  ar: {
    title: 'فاتورة ضريبية',
    seller: 'البائع',
    trn: 'الرقم الضريبي (TRN)',
    number: 'رقم الفاتورة',
    date: 'تاريخ الفاتورة',
    billTo: 'فاتورة إلى',
    description: 'الوصف',
    amount: 'المبلغ (درهم)',
    net: 'المبلغ غير شامل ضريبة القيمة المضافة',
    vat: (rate: string) => `ضريبة القيمة المضافة ${rate}`,
    total: 'الإجمالي (درهم)',
    note: 'جميع المبالغ بالدرهم الإماراتي. السعر شامل ضريبة القيمة المضافة.',
  },
} as const;

/**
 * Naming features makes pdfkit lay a run out as a whole; without them it shapes word by word,
 * which breaks the order of an Arabic phrase. fontkit still applies the script's own features
 * (Arabic joining forms and required ligatures) on top of these.
 */
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ['kern', 'liga'];

const WIDTHS = new Map<string, number>();

const PAGE = { width: 595.28, height: 841.89, margin: 50 };

/** Renders the invoice; resolves with the PDF bytes. */
export function renderInvoicePdf(invoice: Invoice, lang: InvoiceLang): Promise<Buffer> {
  const t = LABELS[lang];
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang,
    displayTitle: true,
    info: {
      Title: `${t.title} ${invoice.number}`,
      Author: lang === 'ar' ? invoice.sellerNameAr : invoice.sellerName,
      Subject: invoice.number,
      CreationDate: invoice.issuedAt,
    },
  });
  const f = fonts();
  // pdfkit accepts an already parsed fontkit font where its types say file data.
  for (const [name, font] of Object.entries(f)) doc.registerFont(name, font as unknown as Buffer);

  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;

  const widthOf = (runs: Run[], size: number) => runs.reduce((w, r) => w + runWidth(r, size), 0);
  /** Shaping Arabic is the slow part: a run's width at 1 pt is measured once per process. */
  const runWidth = (r: Run, size: number) => {
    const key = `${r.font}\u0000${r.text}`;
    let unit = WIDTHS.get(key);
    if (unit === undefined) {
      unit = doc.font(r.font).fontSize(1).widthOfString(r.text, { features: FEATURES });
      if (WIDTHS.size > 5_000) WIDTHS.clear();
      WIDTHS.set(key, unit);
    }
    return unit * size;
  };

  /** Draws one line; `at` is the start edge (left in English, right in Arabic) unless aligned. */
  const line = (
    text: string,
    y: number,
    opts: { size?: number; bold?: boolean; align?: 'start' | 'end'; color?: string; from?: number; to?: number } = {},
  ) => {
    const size = opts.size ?? 10;
    const runs = visualRuns(text, dir, opts.bold);
    const w = widthOf(runs, size);
    const lo = opts.from ?? left;
    const hi = opts.to ?? right;
    const toRight = (opts.align ?? 'start') === 'start' ? dir === 'rtl' : dir === 'ltr';
    let x = toRight ? hi - w : lo;
    doc.fillColor(opts.color ?? '#111827');
    for (const r of runs) {
      doc.font(r.font).fontSize(size).text(r.text, x, y, { lineBreak: false, features: FEATURES });
      x += runWidth(r, size);
    }
  };

  /** Splits text into lines that fit `max` points (greedy, by words). */
  const wrap = (text: string, max: number, size: number, bold = false): string[] => {
    const words = text.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (current && widthOf(visualRuns(next, dir, bold), size) > max) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines;
  };

  const rule = (y: number, strong = false) => {
    doc
      .moveTo(left, y)
      .lineTo(right, y)
      .lineWidth(strong ? 1 : 0.5)
      .strokeColor(strong ? '#111827' : '#d1d5db')
      .stroke();
  };

  const sellerName = lang === 'ar' ? invoice.sellerNameAr : invoice.sellerName;
  const sellerAddress = lang === 'ar' ? invoice.sellerAddressAr : invoice.sellerAddress;
  const description = lang === 'ar' ? invoice.descriptionAr : invoice.description;

  let y = PAGE.margin;
  line(t.title, y, { size: 22, bold: true });
  line(invoice.number, y + 8, { size: 12, bold: true, align: 'end' });
  y += 44;
  rule(y, true);
  y += 14;

  // Seller (start side) and the invoice's number and date (end side).
  const half = width / 2;
  const startCol = dir === 'ltr' ? { from: left, to: left + half - 10 } : { from: right - half + 10, to: right };
  const endCol = dir === 'ltr' ? { from: left + half + 10, to: right } : { from: left, to: left + half - 10 };
  let ys = y;
  line(t.seller, ys, { size: 9, color: '#6b7280', ...startCol });
  ys += 14;
  line(sellerName, ys, { size: 11, bold: true, ...startCol });
  ys += 16;
  for (const l of wrap(sellerAddress, half - 10, 10)) {
    line(l, ys, startCol);
    ys += 14;
  }
  line(`${t.trn}: ${invoice.sellerTrn}`, ys, startCol);
  ys += 14;

  let ye = y;
  for (const [label, value] of [
    [t.number, invoice.number],
    [t.date, invoice.issueDate],
  ] as const) {
    line(label, ye, { size: 9, color: '#6b7280', ...endCol });
    ye += 14;
    line(value, ye, { size: 11, bold: true, ...endCol });
    ye += 20;
  }
  y = Math.max(ys, ye) + 12;

  line(t.billTo, y, { size: 9, color: '#6b7280' });
  y += 14;
  line(invoice.buyerName, y, { size: 11, bold: true });
  y += 16;
  line(invoice.buyerEmail, y);
  y += 28;

  // The line item.
  const amountCol = 110;
  const descCol = dir === 'ltr' ? { from: left, to: right - amountCol } : { from: left + amountCol, to: right };
  const amtCol = dir === 'ltr' ? { from: right - amountCol, to: right } : { from: left, to: left + amountCol };
  line(t.description, y, { size: 9, bold: true, color: '#374151', ...descCol });
  line(t.amount, y, { size: 9, bold: true, color: '#374151', align: 'end', ...amtCol });
  y += 16;
  rule(y);
  y += 8;
  const descLines = wrap(description, width - amountCol - 10, 10);
  line(formatFils(invoice.netFils), y, { align: 'end', ...amtCol });
  for (const l of descLines) {
    line(l, y, descCol);
    y += 14;
  }
  y += 6;
  rule(y);
  y += 10;

  // Totals, on the end side.
  const totals: [string, string, boolean][] = [
    [t.net, formatFils(invoice.netFils), false],
    [t.vat(formatRate(invoice.vatRateBp)), formatFils(invoice.vatFils), false],
    [t.total, formatFils(invoice.totalFils), true],
  ];
  const labelCol =
    dir === 'ltr' ? { from: left + 150, to: right - amountCol } : { from: left + amountCol, to: right - 150 };
  for (const [label, value, strong] of totals) {
    if (strong) {
      y += 4;
      rule(y);
      y += 8;
    }
    line(label, y, { bold: strong, size: strong ? 12 : 10, align: 'end', ...labelCol });
    line(value, y, { bold: strong, size: strong ? 12 : 10, align: 'end', ...amtCol });
    y += strong ? 20 : 16;
  }
  y += 24;
  line(t.note, y, { size: 9, color: '#6b7280' });

  arabicLigaturesInReadingOrder(doc);
  doc.end();
  return done;
}

/**
 * An Arabic ligature glyph (lam-alef, "ضر"…) stands for several letters. fontkit lists them in
 * reading order, but the glyph sits in a right-to-left run that a PDF reader reverses when it
 * extracts text, which would swap the letters ("الإمارات" read back as "اإلمارات"). Listing
 * them reversed in the font's ToUnicode map makes copy, search and screen readers get the
 * word right. (pdfkit writes that map from `unicode` when the document ends.)
 */
function arabicLigaturesInReadingOrder(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies;
  for (const [name, font] of Object.entries(families ?? {})) {
    if ((name === 'ar' || name === 'arBold') && Array.isArray(font.unicode)) {
      font.unicode = font.unicode.map((cps) => (cps && cps.length > 1 ? [...cps].reverse() : cps));
    }
  }
}

/** The attachment's file name, e.g. "INV-2026-000001.pdf". */
export function invoiceFileName(invoice: Pick<Invoice, 'number'>): string {
  return `${invoice.number}.pdf`;
}
