/**
 * `npm run bench:web`: Lighthouse's mobile audit (its default: a Moto G-class phone,
 * simulated slow 4G and 4× CPU slowdown) of the public card page, landing, directory and
 * properties, each run BENCH_WEB_RUNS times (default 3), the median printed with the load average.
 *
 * It runs the production build (`npm run build` first when dist/ is missing) on an embedded
 * database with the demo data in a temporary DATA_DIR, on a free port, and drives Debian's
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through the `lighthouse` package.
 * Targets: card page performance ≥ 95, LCP ≤ 1.5 s, CLS ≤ 0.05; the others ≥ 85,
 * CLS ≤ 0.1. A figure under its target is marked, and the exit code is 1 with BENCH_WEB_STRICT=1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startDemoServer } from './lib/demo-server';
import { freePort } from './lib/free-port';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** BENCH_WEB_SAVE=dir keeps every Lighthouse report (JSON) there, to see what a figure is made of. */
const SAVE_DIR = process.env.BENCH_WEB_SAVE;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Target {
  name: string;
  path: string;
  minScore: number;
  maxLcpMs?: number;
  maxCls: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const demo = await startDemoServer();
  const base = demo.base;
  const debugPort = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${debugPort}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const cards = (await (await fetch(`${base}/api/business-cards/public?limit=1`)).json()) as { id: string }[];
    if (!cards[0]) throw new Error('the demo data has no public card');
    const targets: Target[] = [
      { name: 'card page', path: `/cards/${cards[0].id}`, minScore: 95, maxLcpMs: 1500, maxCls: 0.05 },
      { name: 'landing', path: '/', minScore: 85, maxCls: 0.1 },
      { name: 'directory', path: '/directory', minScore: 85, maxCls: 0.1 },
      { name: 'properties', path: '/properties', minScore: 85, maxCls: 0.1 },
    ];

    const load = os.loadavg().map((l) => l.toFixed(2));
    console.log(`Lighthouse ${RUNS}× per page (mobile: slow 4G, 4× CPU), load average ${load.join(' ')}\n`);
    const rows: string[] = [];
    let missed = 0;
    for (const target of targets) {
      const runs: { score: number; lcp: number; fcp: number; cls: number; tbt: number; bytes: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${target.path}`, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
        if (SAVE_DIR) {
          fs.mkdirSync(SAVE_DIR, { recursive: true });
          fs.writeFileSync(
            path.join(SAVE_DIR, `${target.name.replace(/\W+/g, '-')}-${i + 1}.json`),
            result.report as string,
          );
        }
        const { categories, audits } = result.lhr;
        runs.push({
          score: Math.round((categories.performance?.score ?? 0) * 100),
          lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
          bytes: audits['total-byte-weight']?.numericValue ?? Number.NaN,
        });
      }
      const m = {
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        fcp: median(runs.map((r) => r.fcp)),
        cls: median(runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
        bytes: median(runs.map((r) => r.bytes)),
      };
      const ok =
        m.score >= target.minScore &&
        m.cls <= target.maxCls &&
        (target.maxLcpMs === undefined || m.lcp <= target.maxLcpMs);
      if (!ok) missed++;
      rows.push(
        `| ${target.name} | ${m.score} (${runs.map((r) => r.score).join('/')}) | ${(m.fcp / 1000).toFixed(2)} s | ${(m.lcp / 1000).toFixed(2)} s | ${m.cls.toFixed(3)} | ${Math.round(m.tbt)} ms | ${(m.bytes / 1024).toFixed(0)} KB | ≥${target.minScore}${target.maxLcpMs ? `, LCP ≤ ${target.maxLcpMs / 1000} s` : ''}, CLS ≤ ${target.maxCls} | ${ok ? 'met' : 'MISSED'} |`,
      );
    }
    console.log('| page | performance (runs) | FCP | LCP | CLS | TBT | transfer | target | |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(
      `\nload average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (missed && process.env.BENCH_WEB_STRICT === '1') process.exitCode = 1;
  } finally {
    await browser.close();
    await demo.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
