/**
 * Tesseract on our own machine: English and Arabic trained data read from the installed
 * @tesseract.js-data packages, never downloaded. A small pool of worker threads (created on the
 * first scan, ended with the app) reads the photos, so OCR never runs on the API's event loop and
 * two scans at once proceed side by side.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createScheduler, createWorker, PSM, type Scheduler } from 'tesseract.js';
import type { OcrLine } from '../../../core/contact-scan/extract';

const require = createRequire(import.meta.url);
const LANGS = ['eng', 'ara'] as const;

/**
 * tesseract.js reads every language from one folder; the two packages each hold one. A folder of
 * links to the packaged files gives it one folder without copying 10 MB or touching the network.
 */
export function trainedDataFolder(): string {
  const dir = path.join(os.tmpdir(), `bitaqa-tessdata-${process.getuid?.() ?? 'user'}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const lang of LANGS) {
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const source = path.join(pkg, '4.0.0', `${lang}.traineddata.gz`);
    const link = path.join(dir, `${lang}.traineddata.gz`);
    if (fs.existsSync(link) && fs.realpathSync(link) === fs.realpathSync(source)) continue;
    fs.rmSync(link, { force: true });
    fs.symlinkSync(source, link);
  }
  return dir;
}

export interface OcrResult {
  text: string;
  lines: OcrLine[];
  /** 0..1 over the whole side. */
  confidence: number;
}

export interface OcrPool {
  read(png: Buffer): Promise<OcrResult>;
  close(): Promise<void>;
}

/** An Arabic line with a few Latin letters in it: a word of a bold Arabic name read as Latin. */
const MIXED_ARABIC = (t: string) =>
  (t.match(/[\u0621-\u064A]/g)?.length ?? 0) >= 2 &&
  /^[^A-Za-z]*(?:[A-Za-z]{1,5}[^A-Za-z]+)*[A-Za-z]{0,5}[^A-Za-z]*$/.test(t) &&
  /[A-Za-z]/.test(t);

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface RawLine extends OcrLine {
  bbox: Box;
}

const ARABIC_WORDS = (t: string) => /^[\u0621-\u064A\u0671-\u06D3\s]+$/.test(t) && /[\u0621-\u064A]{2}/.test(t);
/** Body text height (px) Tesseract reads Arabic best at; a name printed large is scaled down to it. */
const ARABIC_LINE_PX = 34;

/**
 * Rows of large Arabic print (a name, sometimes a company) that came back in pieces or as a lone
 * word: Tesseract splits a big, bold Arabic line at its wide gaps and drops or garbles a piece. Such
 * a row is read again as one line at body-text size.
 */
function brokenArabicRows(lines: RawLine[]): RawLine[][] {
  const heights = lines.map((l) => l.height ?? 0).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 0;
  const big = lines.filter((l) => ARABIC_WORDS(l.text) && (l.height ?? 0) >= median * 1.2 && (l.height ?? 0) >= 30);
  const rows: RawLine[][] = [];
  // Pieces of one row overlap by at least half the shorter one's height (sizes differ between pieces).
  const sameRow = (a: Box, b: Box) =>
    Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) >= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
  for (const line of big) {
    const row = rows.find((r) => r.some((o) => sameRow(o.bbox, line.bbox)));
    if (row) row.push(line);
    else rows.push([line]);
  }
  return rows.filter((r) => r.length > 1 || (r[0]?.text.trim().split(/\s+/).length ?? 0) === 1);
}

export function createOcrPool(size = 2): OcrPool {
  let scheduler: Promise<Scheduler> | null = null;
  // Lines like that are read again, alone, by an Arabic-only reader (one line each: quick).
  let arabic: Promise<Scheduler> | null = null;
  const startArabic = async () => {
    const s = createScheduler();
    const w = await createWorker(['ara'], 1, { langPath: trainedDataFolder(), gzip: true, cacheMethod: 'none' });
    await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
    s.addWorker(w);
    return s;
  };
  const start = async () => {
    const langPath = trainedDataFolder();
    const s = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: size }, () => createWorker([...LANGS], 1, { langPath, gzip: true, cacheMethod: 'none' })),
    );
    for (const w of workers) {
      // Cards are scattered blocks of text rather than a page of columns.
      await w.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
      s.addWorker(w);
    }
    return s;
  };
  return {
    async read(png) {
      scheduler ??= start().catch((err) => {
        scheduler = null;
        throw err;
      });
      const s = await scheduler;
      const { data } = await s.addJob('recognize', png, {}, { text: true, blocks: true });
      const lines: RawLine[] = [];
      for (const block of data.blocks ?? [])
        for (const para of block.paragraphs)
          for (const line of para.lines) {
            let text = line.text.trim();
            if (MIXED_ARABIC(text)) {
              arabic ??= startArabic().catch((err) => {
                arabic = null;
                throw err;
              });
              const { x0, y0, x1, y1 } = line.bbox;
              const pad = Math.round((y1 - y0) * 0.3);
              const again = await (await arabic).addJob('recognize', png, {
                rectangle: {
                  left: Math.max(0, x0 - pad),
                  top: Math.max(0, y0 - pad),
                  width: x1 - x0 + 2 * pad,
                  height: y1 - y0 + 2 * pad,
                },
              });
              const reread = again.data.text.trim();
              if (reread && !/[A-Za-z]/.test(reread)) text = reread;
            }
            if (text)
              lines.push({
                text,
                confidence: line.confidence / 100,
                height: line.rowAttributes?.rowHeight ?? line.bbox.y1 - line.bbox.y0,
                bbox: line.bbox,
              });
          }
      for (const row of brokenArabicRows(lines)) {
        const y0 = Math.min(...row.map((l) => l.bbox.y0));
        const y1 = Math.max(...row.map((l) => l.bbox.y1));
        const pad = Math.round((y1 - y0) * 0.35);
        const meta = await sharp(png).metadata();
        const top = Math.max(0, y0 - pad);
        const height = Math.min((meta.height ?? y1) - top, y1 - y0 + 2 * pad);
        const scale = Math.min(1, ARABIC_LINE_PX / Math.max(1, y1 - y0));
        // A little around the pieces; a lone word reaches to the card's right edge, where an Arabic
        // line starts and a dropped first word lies. An English column to the left stays out.
        const left = Math.max(0, Math.min(...row.map((l) => l.bbox.x0)) - (y1 - y0));
        const right =
          row.length > 1
            ? Math.min(meta.width ?? 0, Math.max(...row.map((l) => l.bbox.x1)) + (y1 - y0))
            : (meta.width ?? 0);
        const width = right - left;
        const strip = await sharp(png)
          .extract({ left, top, width, height })
          .resize({ width: Math.max(1, Math.round(width * scale)) })
          .png({ compressionLevel: 1 })
          .toBuffer();
        arabic ??= startArabic().catch((err) => {
          arabic = null;
          throw err;
        });
        const again = await (await arabic).addJob('recognize', strip);
        const reread = again.data.text.replace(/\s+/g, ' ').trim();
        // Kept only when it is Arabic words and about as long as the pieces (a garbled piece may be
        // longer than what it stands for): otherwise the pieces stay.
        const pieces = row.map((l) => l.text.replace(/\s+/g, '')).join('');
        if (!ARABIC_WORDS(reread) || reread.replace(/\s+/g, '').length < pieces.length * 0.75) continue;
        const first = lines.indexOf(row[0] as RawLine);
        lines.splice(first, 1, {
          text: reread,
          confidence: again.data.confidence / 100,
          height: Math.max(...row.map((l) => l.height ?? 0)),
          bbox: { x0: Math.min(...row.map((l) => l.bbox.x0)), y0, x1: Math.max(...row.map((l) => l.bbox.x1)), y1 },
        });
        for (const l of row.slice(1)) lines.splice(lines.indexOf(l), 1);
      }
      return {
        text: data.text.trim(),
        lines: lines.map(({ bbox: _, ...l }) => l),
        confidence: data.confidence / 100,
      };
    },
    async close() {
      const running = [scheduler, arabic];
      scheduler = null;
      arabic = null;
      for (const s of running) if (s) await (await s.catch(() => null))?.terminate();
    },
  };
}
