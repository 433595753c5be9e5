import { chromium } from 'playwright-core';
const base = 'http://localhost:4391';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [who, login, routes] of [['admin', ['/api/auth/admin-login', { username: 'admin', password: '6eWwrmBS98pWlsCW' }], ['/admin']], ['broker', ['/api/auth/login', { email: 'ahmed.almansoori@demo.bitaqa.ae', password: 'Demo1234!' }], ['/profile', '/messages', '/create-card', '/subscription', '/properties/new']]]) {
  for (const lang of ['en', 'ar']) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await ctx.addInitScript((l) => localStorage.setItem('bitaqa.lang', l), lang);
    const page = await ctx.newPage();
    const r0 = await page.request.post(base + login[0], { data: login[1] });
    if (r0.status() !== 200) console.log('login', r0.status(), await r0.text());
    for (const r of routes) {
      await page.goto(base + r, { waitUntil: 'networkidle' });
      const res = await page.evaluate(() => {
        const w = document.documentElement.scrollWidth;
        const wide = [...document.querySelectorAll('body *')].filter((e) => { const b = e.getBoundingClientRect(); return b.width > 0 && (b.right > innerWidth + 1 || b.left < -1) ; }).slice(0, 8).map((e) => `${e.tagName}.${String(e.className).slice(0, 50)} ${Math.round(e.getBoundingClientRect().left)}..${Math.round(e.getBoundingClientRect().right)}`);
        return { w, title: document.title, wide };
      });
      console.log(who, lang, r, res.w, res.title, res.wide.join(' | '));
      if (r === '/admin') await page.screenshot({ path: `/tmp/shot-admin-${lang}.png`, fullPage: false });
    }
  }
}
await browser.close();
