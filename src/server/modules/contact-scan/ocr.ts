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

export function createOcrPool(size = 2): OcrPool {
  let scheduler: Promise<Scheduler> | null = null;
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
            const text = line.text.trim();
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
      const s = scheduler;
      scheduler = null;
      if (s) await (await s.catch(() => null))?.terminate();
    },
  };
}
