/**
 * Lines of text in server-made PDFs, in English or Arabic (tax invoices, the card's print sheet).
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

export type TextDir = 'ltr' | 'rtl';

const bidi = bidiFactory();

export type FontName = 'lat' | 'latBold' | 'ar' | 'arBold';

/** A parsed font, as fontkit returns it (pdfkit takes it in place of the file). */
type ParsedFont = { layout: (text: string) => unknown; _glyphs?: Record<number, unknown> };

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

export interface Run {
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

/**
 * Naming features makes pdfkit lay a run out as a whole; without them it shapes word by word,
 * which breaks the order of an Arabic phrase. fontkit still applies the script's own features
 * (Arabic joining forms and required ligatures) on top of these.
 */
export const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ['kern', 'liga'];

const WIDTHS = new Map<string, number>();

/** Registers the four fonts on a document under the names visualRuns uses. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, font] of Object.entries(fonts())) {
    // fontkit keeps every glyph it made, with the letters of the text it first made it for; pdfkit
    // writes those letters into the document's text layer. A ligature first shaped in another
    // document ("حم" of an invoice's name) then read back wrongly from this one ("أمد" for "أحمد"),
    // so each document starts with no glyphs kept (the parsed tables stay shared).
    font._glyphs = {};
    // pdfkit accepts an already parsed fontkit font where its types say file data.
    doc.registerFont(name, font as unknown as Buffer);
  }
}

export interface LineOptions {
  size?: number;
  bold?: boolean;
  /** Start is the left edge in English and the right edge in Arabic. */
  align?: 'start' | 'end' | 'center';
  color?: string;
  /** The horizontal span to align within; the writer's bounds by default. */
  from?: number;
  to?: number;
}

/** Draws and measures single lines of bidirectional text on one document. */
export function textWriter(doc: PDFKit.PDFDocument, dir: TextDir, bounds: { left: number; right: number }) {
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
  const widthOf = (runs: Run[], size: number) => runs.reduce((w, r) => w + runWidth(r, size), 0);

  /** Draws one line at `y`, aligned within [from, to]. */
  const line = (text: string, y: number, opts: LineOptions = {}) => {
    const size = opts.size ?? 10;
    const runs = visualRuns(text, dir, opts.bold);
    const w = widthOf(runs, size);
    const lo = opts.from ?? bounds.left;
    const hi = opts.to ?? bounds.right;
    const align = opts.align ?? 'start';
    const toRight = align === 'start' ? dir === 'rtl' : dir === 'ltr';
    let x = align === 'center' ? lo + (hi - lo - w) / 2 : toRight ? hi - w : lo;
    doc.fillColor(opts.color ?? '#111827');
    for (const r of runs) {
      doc.font(r.font).fontSize(size).text(r.text, x, y, { lineBreak: false, features: FEATURES });
      x += runWidth(r, size);
    }
  };

  /** The width of a line in points. */
  const measure = (text: string, size: number, bold = false) => widthOf(visualRuns(text, dir, bold), size);

  /** Splits text into lines that fit `max` points (greedy, by words). */
  const wrap = (text: string, max: number, size: number, bold = false): string[] => {
    const words = text.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (current && measure(next, size, bold) > max) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines;
  };

  return { line, measure, wrap };
}

/**
 * An Arabic ligature glyph (lam-alef, "ضر"…) stands for several letters. fontkit lists them in
 * reading order, but the glyph sits in a right-to-left run that a PDF reader reverses when it
 * extracts text, which would swap the letters ("الإمارات" read back as "اإلمارات"). Listing
 * them reversed in the font's ToUnicode map makes copy, search and screen readers get the
 * word right. (pdfkit writes that map from `unicode` when the document ends.)
 */
export function arabicLigaturesInReadingOrder(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies;
  for (const [name, font] of Object.entries(families ?? {})) {
    if ((name === 'ar' || name === 'arBold') && Array.isArray(font.unicode)) {
      font.unicode = font.unicode.map((cps) => (cps && cps.length > 1 ? [...cps].reverse() : cps));
    }
  }
}
