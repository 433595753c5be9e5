import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:39177';
const id = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const lang of ['en', 'ar']) {
  for (const js of [false, true]) {
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: js,
      deviceScaleFactor: 1,
    });
    const page = await ctx.newPage();
    await page.goto(`${base}/cards/${id}?lang=${lang}`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/card-shot/${lang}-${js ? 'js' : 'nojs'}.png`, fullPage: js });
    await ctx.close();
  }
}
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
await page.goto(`${base}/cards/${id}`, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Share' }).click();
await page.getByRole('dialog').waitFor();
await page.screenshot({ path: '/tmp/card-shot/share.png' });
await browser.close();
