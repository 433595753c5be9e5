/**
 * Takes screenshots of pages in English and Arabic, desktop and mobile, into ./screenshots
 * (git-ignored) or OUT_DIR, against a running server: `BASE_URL=http://127.0.0.1:3000 npx tsx scripts/screenshots.ts /about /login`.
 * Sign in first with SIGN_IN=email (demo password) to capture signed-in pages.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
const viewports = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } };

async function main() {
  const out = process.env.OUT_DIR ?? 'screenshots';
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  for (const lang of ['en', 'ar']) {
    for (const [vpName, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, baseURL: base });
      await context.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
      const page = await context.newPage();
      if (process.env.SIGN_IN) {
        const url = process.env.SIGN_IN === 'admin' ? '/api/auth/admin-login' : '/api/auth/login';
        const data =
          process.env.SIGN_IN === 'admin'
            ? { username: 'admin', password: process.env.ADMIN_PASSWORD }
            : { email: process.env.SIGN_IN, password: process.env.PASSWORD ?? 'Demo1234!' };
        await page.request.post(url, { data });
      }
      for (const p of paths) {
        await page.goto(p, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        const name = `${p.replace(/[/?=&]+/g, '_').replace(/^_/, '') || 'home'}-${lang}-${vpName}.png`;
        await page.screenshot({ path: `${out}/${name}`, fullPage: process.env.FULL === '1' });
      }
      await context.close();
    }
  }
  await browser.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
