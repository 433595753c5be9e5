import { chromium } from 'playwright-core';
const base = 'http://localhost:4391';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
await page.request.post(base + '/api/auth/admin-login', { data: { username: 'admin', password: '6eWwrmBS98pWlsCW' } });
await page.goto(base + '/admin', { waitUntil: 'networkidle' });
console.log(await page.evaluate(() => { const out = []; let e = document.querySelector('[data-testid=admin-users]'); while (e) { const b = e.getBoundingClientRect(); out.push(`${e.tagName}.${String(e.className).slice(0, 70)} w=${Math.round(b.width)} disp=${getComputedStyle(e).display}`); e = e.parentElement; } return out.join('\n'); }));
await browser.close();
