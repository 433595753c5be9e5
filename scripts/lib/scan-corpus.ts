/**
 * A corpus of business-card photos with known fields, made here rather than collected: card designs
 * rendered in Chromium (English, Arabic, bilingual; one or two sides; light and dark; a logo), then
 * distorted the way phone photos are (turned, slanted, blurred, unevenly lit, JPEG-compressed, with a
 * desk around the card). Seeded, so a run can be repeated.
 */
import { createRandom } from '../../src/server/db/seed/random';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CardTruth {
  id: string;
  lang: 'en' | 'ar' | 'bi';
  name: string;
  nameAr: string;
  title: string;
  titleAr: string;
  company: string;
  companyAr: string;
  phones: string[];
  email: string;
  website: string;
  brn: string;
  /** File names of the photos: front, then back when the card has two sides. */
  sides: string[];
}

const FIRST = [
  ['Ahmed', 'أحمد'],
  ['Mohammed', 'محمد'],
  ['Fatima', 'فاطمة'],
  ['Omar', 'عمر'],
  ['Layla', 'ليلى'],
  ['Khalid', 'خالد'],
  ['Mariam', 'مريم'],
  ['Yousef', 'يوسف'],
  ['Sara', 'سارة'],
  ['Hassan', 'حسن'],
  ['Noura', 'نورة'],
  ['Rashid', 'راشد'],
  ['Aisha', 'عائشة'],
  ['Tariq', 'طارق'],
  ['Huda', 'هدى'],
  ['Saeed', 'سعيد'],
] as const;
const LAST = [
  ['Al Mansouri', 'المنصوري'],
  ['Al Hashimi', 'الهاشمي'],
  ['Al Kaabi', 'الكعبي'],
  ['Haddad', 'حداد'],
  ['Al Nuaimi', 'النعيمي'],
  ['Khoury', 'خوري'],
  ['Al Zarooni', 'الزروني'],
  ['Saleh', 'صالح'],
  ['Al Falasi', 'الفلاسي'],
  ['Nasser', 'ناصر'],
  ['Al Shamsi', 'الشامسي'],
  ['Qasim', 'قاسم'],
] as const;
const LATIN_ONLY = [
  ['James', 'Carter'],
  ['Priya', 'Sharma'],
  ['Elena', 'Petrova'],
  ['David', 'Miller'],
  ['Rahul', 'Mehta'],
  ['Sophie', 'Laurent'],
] as const;
const COMPANIES = [
  ['Emaar Properties', 'إعمار العقارية', 'emaar'],
  ['Marina Gate Real Estate LLC', 'مارينا جيت للعقارات ذ.م.م', 'marinagate'],
  ['Palm Vista Realty', 'بالم فيستا للعقارات', 'palmvista'],
  ['Desert Rose Properties LLC', 'وردة الصحراء العقارية ذ.م.م', 'desertrose'],
  ['Azure Coast Developers', 'أزور كوست للتطوير', 'azurecoast'],
  ['Gulf Horizon Real Estate', 'أفق الخليج للعقارات', 'gulfhorizon'],
  ['Crescent Bay Realty FZ-LLC', 'كريسنت باي للعقارات', 'crescentbay'],
  ['Falcon Crest Properties', 'فالكون كريست العقارية', 'falconcrest'],
  ['Emirates Capital Bank', 'بنك الإمارات كابيتال', 'ecbank'],
  ['Oasis Homes Real Estate LLC', 'واحة المنازل للعقارات ذ.م.م', 'oasishomes'],
] as const;
const TITLES = [
  ['Senior Property Consultant', 'مستشار عقاري أول'],
  ['Real Estate Broker', 'وسيط عقاري'],
  ['Sales Manager', 'مدير المبيعات'],
  ['Leasing Consultant', 'مستشار تأجير'],
  ['Mortgage Advisor', 'مستشار تمويل عقاري'],
  ['Sales Director', 'مدير مبيعات'],
] as const;
const ADDRESSES = [
  'Office 1204, Boulevard Plaza Tower 1, Downtown Dubai',
  'Level 21, Marina Plaza, Dubai Marina, Dubai',
  'Al Maryah Island, Abu Dhabi, UAE',
  'Cluster D, JLT, Dubai, UAE',
  'P.O. Box 52311, Business Bay, Dubai',
];
const FONTS_EN = ['Arial, sans-serif', 'Georgia, serif', 'Verdana, sans-serif', '"DejaVu Sans", sans-serif'];
const FONTS_AR = ['"Noto Sans Arabic", sans-serif', '"IBM Plex Sans Arabic", sans-serif'];
const PALETTES = [
  { bg: '#ffffff', fg: '#1b1b1b', accent: '#0f5c4d', dark: false },
  { bg: '#f6f1e7', fg: '#2a2a2a', accent: '#a0701c', dark: false },
  { bg: '#eef3f8', fg: '#102030', accent: '#1d4f91', dark: false },
  { bg: '#14213d', fg: '#f5f5f5', accent: '#fca311', dark: true },
  { bg: '#1e1e1e', fg: '#f0e6d2', accent: '#c9a227', dark: true },
];

/** Deterministic random numbers (mulberry32), the demo seed's generator. */
export const rng = (seed: number) => createRandom(seed);

type Rand = ReturnType<typeof rng>;

function makeTruth(r: Rand, i: number): Omit<CardTruth, 'sides'> & { twoSided: boolean; address: string } {
  const lang = (['en', 'ar', 'bi', 'en', 'bi'] as const)[i % 5] as CardTruth['lang'];
  const arab = lang !== 'en' || r.next() < 0.7;
  const [first, firstAr] = arab ? r.pick(FIRST) : [r.pick(LATIN_ONLY)[0], ''];
  const [last, lastAr] = arab ? r.pick(LAST) : [r.pick(LATIN_ONLY)[1], ''];
  const [company, companyAr, domain] = r.pick(COMPANIES);
  const [title, titleAr] = r.pick(TITLES);
  const mobile = `+9715${r.pick(['0', '2', '5', '6', '8'])}${r.int(1000000, 9999999)}`;
  const landline = `+9714${r.int(2000000, 8999999)}`;
  const tld = r.pick(['.ae', '.com']);
  const user = `${first}.${last.replace(/^Al /, '').replace(/\s/g, '')}`.toLowerCase();
  return {
    id: `card-${String(i).padStart(3, '0')}`,
    lang,
    name: `${first} ${last}`,
    nameAr: arab ? `${firstAr} ${lastAr}` : '',
    title,
    titleAr,
    company,
    companyAr,
    phones: r.next() < 0.5 ? [mobile, landline] : [mobile],
    email: `${user}@${domain}${tld}`,
    website: `www.${domain}${tld}`,
    brn: r.next() < 0.75 ? String(r.int(10000, 99999)) : '',
    twoSided: lang === 'bi' && r.next() < 0.6,
    address: r.pick(ADDRESSES),
  };
}

/** "+971501234567" printed the ways cards print it. */
function printPhone(e164: string, r: Rand): string {
  const n = e164.slice(4);
  const mobile = n.startsWith('5');
  const style = r.int(0, 2);
  if (mobile) {
    const [a, b, c] = [n.slice(0, 2), n.slice(2, 5), n.slice(5)];
    return style === 0 ? `+971 ${a} ${b} ${c}` : style === 1 ? `0${a} ${b} ${c}` : `+971-${a}-${b}${c}`;
  }
  const [a, b, c] = [n.slice(0, 1), n.slice(1, 4), n.slice(4)];
  return style === 2 ? `0${a} ${b} ${c}` : `+971 ${a} ${b} ${c}`;
}

function esc(s: string) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function sideHtml(t: ReturnType<typeof makeTruth>, r: Rand, side: 'en' | 'ar' | 'both'): string {
  const p = r.pick(PALETTES);
  const fontEn = r.pick(FONTS_EN);
  const fontAr = r.pick(FONTS_AR);
  const layout = r.int(0, 2);
  const upper = r.next() < 0.3;
  const phones = t.phones.map((ph, i) => `${i === 0 ? 'M' : 'T'}: ${printPhone(ph, r)}`);
  const brn = t.brn ? (r.next() < 0.5 ? `BRN: ${t.brn}` : `RERA BRN ${t.brn}`) : '';
  const logo = `<div class="logo"><svg width="86" height="86" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="${p.accent}"/><path d="M10 28 L20 10 L30 28 Z" fill="${p.bg}"/></svg></div>`;
  const en = `
    <div class="name">${esc(upper ? t.name.toUpperCase() : t.name)}</div>
    <div class="title">${esc(t.title)}</div>
    <div class="company">${esc(t.company)}</div>
    <div class="contact">${phones.map((x) => `<div>${esc(x)}</div>`).join('')}
      <div>E: ${esc(t.email)}</div><div>${esc(t.website)}</div>${brn ? `<div>${brn}</div>` : ''}
      <div class="addr">${esc(t.address)}</div></div>`;
  const ar = `
    <div class="name">${esc(t.nameAr)}</div>
    <div class="title">${esc(t.titleAr)}</div>
    <div class="company">${esc(t.companyAr)}</div>
    <div class="contact">${side === 'ar' ? `${phones.map((x) => `<div dir="ltr">${esc(x)}</div>`).join('')}<div dir="ltr">${esc(t.email)}</div><div dir="ltr">${esc(t.website)}</div>${t.brn ? `<div>رقم الوسيط: ${t.brn}</div>` : ''}` : ''}</div>`;
  const body =
    side === 'both'
      ? `<div class="cols"><div class="en" dir="ltr">${en}</div><div class="ar" dir="rtl">${ar}</div></div>`
      : side === 'ar'
        ? `<div class="ar" dir="rtl">${ar}</div>`
        : `<div class="en" dir="ltr">${en}</div>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${arabicFontFaces()}
    html,body{margin:0}
    .card{width:1050px;height:600px;box-sizing:border-box;padding:56px 64px;background:${p.bg};color:${p.fg};position:relative;overflow:hidden;
      ${layout === 1 ? `border-top:26px solid ${p.accent};` : ''}${layout === 2 ? `border-inline-start:26px solid ${p.accent};` : ''}}
    .en{font-family:${fontEn}} .ar{font-family:${fontAr}}
    .name{font-size:50px;font-weight:700;color:${layout === 0 ? p.accent : p.fg}}
    .title{font-size:30px;margin-top:6px}
    .company{font-size:30px;margin-top:6px;font-weight:600;color:${p.accent}}
    .contact{font-size:26px;margin-top:26px;line-height:1.35}
    .addr{font-size:22px;margin-top:6px;opacity:.85}
    .cols{display:flex;gap:40px}.cols>div{flex:1}.cols .name{font-size:40px}.cols .contact{font-size:23px}
    .logo{position:absolute;${side === 'ar' ? 'left' : 'right'}:56px;bottom:50px}
  </style></head><body><div class="card">${body}${logo}</div></body></html>`;
}

let fontFaces = '';
/** The Arabic web fonts the app ships, embedded: the machine may have no Arabic system font. */
function arabicFontFaces(): string {
  if (fontFaces) return fontFaces;
  const faces: string[] = [];
  for (const [family, pkg] of [
    ['Noto Sans Arabic', 'noto-sans-arabic'],
    ['IBM Plex Sans Arabic', 'ibm-plex-sans-arabic'],
  ] as const) {
    for (const weight of [400, 700]) {
      const file = path.join(ROOT, `node_modules/@fontsource/${pkg}/files/${pkg}-arabic-${weight}-normal.woff2`);
      if (!fs.existsSync(file)) continue;
      faces.push(
        `@font-face{font-family:"${family}";font-weight:${weight};src:url(data:font/woff2;base64,${fs.readFileSync(file).toString('base64')}) format("woff2")}`,
      );
    }
  }
  fontFaces = faces.join('\n');
  return fontFaces;
}

/** Places a rendered card on a desk and degrades it like a phone photo. */
async function photograph(png: Buffer, r: Rand, dark: boolean): Promise<Buffer> {
  const angle = (r.next() * 2 - 1) * 12;
  const pad = r.int(60, 160);
  const desk = r.pick([
    { r: 120, g: 90, b: 60 },
    { r: 200, g: 200, b: 195 },
    { r: 60, g: 62, b: 70 },
    { r: 160, g: 170, b: 180 },
  ]);
  // A slight slant on one axis stands in for the perspective of a hand-held shot.
  const shear = (r.next() * 2 - 1) * 0.06;
  let card = await sharp(png)
    .affine([1, shear, 0, 1 - Math.abs(shear) / 2], { background: desk })
    .png()
    .toBuffer();
  card = await sharp(card)
    .rotate(angle, { background: desk })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: desk })
    .png()
    .toBuffer();
  const meta = await sharp(card).metadata();
  const w = meta.width ?? 1200;
  const h = meta.height ?? 800;
  // Uneven light: a radial gradient from a corner, multiplied over the photo.
  const cx = r.pick([0, w]);
  const cy = r.pick([0, h]);
  const shade = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><radialGradient id="g" cx="${cx}" cy="${cy}" r="${Math.max(w, h) * 1.2}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#${dark ? '8a8a8a' : '7a7a7a'}"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const scale = r.next() * 0.5 + 0.65;
  const lit = await sharp(card)
    .composite([{ input: shade, blend: 'multiply' }])
    .png()
    .toBuffer();
  return sharp(lit)
    .resize({ width: Math.round(w * scale) })
    .blur(r.next() * 0.9 + 0.4)
    .jpeg({ quality: r.int(40, 70) })
    .toBuffer();
}

/** Writes `count` cards (and manifest.json) to `dir`; returns the truths. */
export async function generateCorpus(dir: string, count: number, seed = 30): Promise<CardTruth[]> {
  fs.mkdirSync(dir, { recursive: true });
  const r = rng(seed);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: 1050, height: 600 } });
  const truths: CardTruth[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const t = makeTruth(r, i);
      const plan: ('en' | 'ar' | 'both')[] =
        t.lang === 'en' ? ['en'] : t.lang === 'ar' ? ['ar'] : t.twoSided ? ['en', 'ar'] : ['both'];
      const sides: string[] = [];
      for (const [k, side] of plan.entries()) {
        const html = sideHtml(t, r, side);
        await page.setContent(html, { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        const shot = await page.locator('.card').screenshot({ type: 'png' });
        const dark = /#14213d|#1e1e1e/.test(html);
        const file = `${t.id}-${k === 0 ? 'front' : 'back'}.jpg`;
        fs.writeFileSync(path.join(dir, file), await photograph(shot, r, dark));
        sides.push(file);
      }
      const { twoSided: _two, address: _addr, ...truth } = t;
      truths.push({ ...truth, sides });
    }
  } finally {
    await browser.close();
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(truths, null, 2));
  return truths;
}
