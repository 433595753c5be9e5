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
      const lines: OcrLine[] = [];
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
              });
          }
      return { text: data.text.trim(), lines, confidence: data.confidence / 100 };
    },
    async close() {
      const running = [scheduler, arabic];
      scheduler = null;
      arabic = null;
      for (const s of running) if (s) await (await s.catch(() => null))?.terminate();
    },
  };
}
