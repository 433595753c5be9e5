/**
 * A listing's share picture: what a WhatsApp message or a social post of the listing shows. Square
 * (1080×1080, a post or status) or wide (1200×630, the link preview), in English or Arabic: the main
 * photo, the price, type, bedrooms and area, the advertising permit number with the regulator's QR
 * re-drawn from its checked link, and the lister's name with their BRN and their brokerage's ORN —
 * what Dubai's advertising rules ask an advert to carry.
 *
 * The QR is drawn from the link, never copied from the lister's upload, so it is sharp at any size
 * and opens exactly the regulator's page that was checked. Text goes through Pango with the shipped
 * Noto Sans Arabic (platform/images/text-image.ts), so Arabic is joined and right to left.
 */
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import { formatPriceAed } from '../../../core/format';
import type { PropertyStatus, PropertyType } from '../../../core/enums';
import { enumLabel } from '../../platform/ai/labels';
import { type TextOptions, textImage } from '../../platform/images/text-image';
import type { ObjectStore } from '../../platform/storage/object-store';
import { keyOfUrl } from '../../platform/storage/uploads';

export const SHARE_FORMATS = ['square', 'wide'] as const;
export type ShareFormat = (typeof SHARE_FORMATS)[number];
export const SHARE_LANGS = ['en', 'ar'] as const;
export type ShareLang = (typeof SHARE_LANGS)[number];

export const SHARE_SIZES: Record<ShareFormat, { width: number; height: number }> = {
  square: { width: 1080, height: 1080 },
  wide: { width: 1200, height: 630 },
};

/**
 * Changed whenever the drawing changes: the cache key and ETag carry it beside the listing's
 * version, so a client holding an earlier drawing of the same listing fetches the new one.
 */
export const SHARE_REVISION = 1;

export interface ShareInput {
  title: string;
  propertyType: PropertyType;
  status: PropertyStatus;
  price: number;
  bedrooms: number | null;
  area: number | null;
  permitNumber: string | null;
  permitQrLink: string | null;
  photoUrl: string | null;
  lister: { name: string; brn: string | null; orn: string | null };
}

const TEAL = '#0f3d3e';
const GOLD = '#d4a534';
const INK = '#0f172a';
const MUTED = '#475569';

const LABELS = {
  en: {
    permit: (n: string) => `Permit ${n}`,
    bedrooms: (n: number) => (n === 0 ? 'Studio' : `${n} ${n === 1 ? 'bedroom' : 'bedrooms'}`),
    area: (n: string) => `${n} sq ft`,
    scan: 'Scan to verify',
  },
  ar: {
    permit: (n: string) => `تصريح رقم ${n}`,
    bedrooms: (n: number) =>
      n === 0 ? 'استوديو' : n === 1 ? 'غرفة نوم واحدة' : n === 2 ? 'غرفتا نوم' : `${n} غرف نوم`,
    area: (n: string) => `${n} قدم مربع`,
    scan: 'امسح للتحقق',
  },
} as const;

const grouped = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** "For sale · Apartment · 2 bedrooms · 1,250 sq ft", in the picture's language. */
export function factsLine(p: ShareInput, lang: ShareLang): string {
  const l = LABELS[lang];
  return [
    enumLabel(lang, 'propertyStatus', p.status),
    enumLabel(lang, 'propertyType', p.propertyType),
    p.bedrooms !== null && p.propertyType !== 'studio' ? l.bedrooms(p.bedrooms) : null,
    p.area !== null ? l.area(grouped(p.area)) : null,
  ]
    .filter((f): f is string => !!f)
    .map(unbroken)
    .join('  ·  ');
}

/** The lister's licence line: "BRN 12345 · ORN 678". */
export function licenceLine(lister: ShareInput['lister']): string {
  return [lister.brn && `BRN ${lister.brn}`, lister.orn && `ORN ${lister.orn}`].filter(Boolean).join('  ·  ');
}

async function photo(url: string | null, store: ObjectStore, width: number, height: number): Promise<Buffer | null> {
  const key = keyOfUrl(url);
  // A photo that cannot be read (storage away, object gone) leaves the plain panel, like no photo.
  const object = key ? await store.get(key).catch(() => null) : null;
  if (!object) return null;
  const bytes = Buffer.concat(await object.body.toArray());
  return sharp(bytes)
    .resize(width, height, { fit: 'cover' })
    .png()
    .toBuffer()
    .catch(() => null);
}

/** The regulator's QR, re-drawn from its link at exactly `side` pixels with its quiet zone. */
export async function permitQrPng(link: string, side: number): Promise<Buffer> {
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: side });
  return sharp(Buffer.from(svg)).resize(side, side).flatten({ background: '#ffffff' }).png().toBuffer();
}

const svg = (w: number, h: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`);

type Drawn = Awaited<ReturnType<typeof textImage>>;

/**
 * Text no taller than `maxHeight` (a long title in its lines): whole words are dropped from the end,
 * with an ellipsis, until it fits; a binary search, so a few drawings at most.
 */
async function fitText(text: string, options: TextOptions, maxHeight: number): Promise<Drawn> {
  const whole = await textImage(text, options);
  if (whole.height <= maxHeight) return whole;
  const words = text.split(/\s+/);
  let [lo, hi] = [1, words.length - 1];
  let best = await textImage(`${words[0]}…`, options);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = await textImage(`${words.slice(0, mid).join(' ')}…`, options);
    if (t.height <= maxHeight) {
      best = t;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/** One fact stays on one line when the facts wrap ("1,250 sq ft", not "1,250 / sq ft"). */
const unbroken = (s: string) => s.replace(/ /g, '\u00a0');

export async function renderShareImage(
  p: ShareInput,
  opts: { format: ShareFormat; lang: ShareLang },
  store: ObjectStore,
): Promise<Buffer> {
  const { width: W, height: H } = SHARE_SIZES[opts.format];
  const rtl = opts.lang === 'ar';
  const l = LABELS[opts.lang];
  const wide = opts.format === 'wide';
  const layers: OverlayOptions[] = [];

  // The photo: the top of a square picture, the reading side's far half of a wide one.
  const ph = wide ? { w: 520, h: H } : { w: W, h: 560 };
  const photoLeft = wide && !rtl ? 0 : wide ? W - ph.w : 0;
  const image = await photo(p.photoUrl, store, ph.w, ph.h);
  const base = svg(
    W,
    H,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b2f30"/><stop offset="1" stop-color="#17605f"/></linearGradient></defs>
     <rect width="100%" height="100%" fill="#ffffff"/>
     <rect x="${photoLeft}" width="${ph.w}" height="${ph.h}" fill="url(#g)"/>
     <rect x="${wide ? (rtl ? 0 : ph.w) : 0}" y="${H - 10}" width="${wide ? W - ph.w : W}" height="10" fill="${GOLD}"/>`,
  );
  if (image) layers.push({ input: image, top: 0, left: photoLeft });
  else {
    const label = await textImage(enumLabel(opts.lang, 'propertyType', p.propertyType), {
      size: 56,
      color: '#ffffff',
      weight: 700,
      width: ph.w - 80,
    });
    layers.push({
      input: label.png,
      top: Math.round((ph.h - label.height) / 2),
      left: photoLeft + Math.round((ph.w - label.width) / 2),
    });
  }

  // The panel beside or below the photo.
  const pad = wide ? 44 : 56;
  const panel = wide
    ? { left: rtl ? 0 : ph.w, top: 0, width: W - ph.w, height: H }
    : { left: 0, top: ph.h, width: W, height: H - ph.h };
  const inner = { left: panel.left + pad, right: panel.left + panel.width - pad, top: panel.top + pad - 8 };
  const innerWidth = inner.right - inner.left;
  const place = (t: { width: number }, width: number, left = inner.left, right = inner.right) =>
    rtl ? right - Math.min(t.width, width) : left;

  // The permit tile: the re-drawn QR with the permit number under it, on the side away from the text.
  const qrSide = wide ? 230 : 250;
  const tile = qrSide + 16;
  const captionHeight = 40;
  const hasQr = !!(p.permitNumber && p.permitQrLink);
  const tileLeft = rtl ? inner.left : inner.right - tile;
  const tileTop = wide ? H - pad - tile - captionHeight : inner.top + 4;
  if (hasQr && p.permitQrLink && p.permitNumber) {
    layers.push({
      input: svg(
        tile,
        tile,
        `<rect width="${tile}" height="${tile}" rx="14" fill="#ffffff" stroke="#cbd5e1" stroke-width="2"/>`,
      ),
      top: tileTop,
      left: tileLeft,
    });
    layers.push({ input: await permitQrPng(p.permitQrLink, qrSide), top: tileTop + 8, left: tileLeft + 8 });
    const caption = await textImage(unbroken(l.permit(p.permitNumber)), {
      size: wide ? 20 : 24,
      color: INK,
      weight: 700,
      width: tile + 2 * pad,
    });
    // Centred under the code, but never past the panel's margin.
    const centred = tileLeft + Math.round((tile - caption.width) / 2);
    layers.push({
      input: caption.png,
      top: tileTop + tile + 8,
      left: Math.max(inner.left, Math.min(centred, inner.right - caption.width)),
    });
  }

  // The text column: the full panel width above the tile in a wide picture, beside it in a square one.
  const besideTile = hasQr ? innerWidth - tile - 32 : innerWidth;
  const topWidth = wide ? innerWidth : besideTile;
  const topRight = inner.right;
  const topLeft = !wide && rtl && hasQr ? inner.left + tile + 32 : inner.left;
  let y = inner.top;
  const put = async (
    text: string,
    size: number,
    color: string,
    weight: 400 | 700,
    width: number,
    maxHeight: number,
    left: number,
    right: number,
  ) => {
    const t = await fitText(text, { size, color, weight, width, alignRight: rtl }, maxHeight);
    layers.push({ input: t.png, top: y, left: place(t, width, left, right) });
    y += t.height;
    return t;
  };
  await put(
    formatPriceAed(p.price, { locale: opts.lang, style: 'full' }),
    wide ? 50 : 60,
    TEAL,
    700,
    topWidth,
    80,
    topLeft,
    topRight,
  );
  y += 6;
  await put(factsLine(p, opts.lang), wide ? 24 : 28, INK, 400, topWidth, wide ? 68 : 80, topLeft, topRight);
  y += 8;
  await put(p.title, wide ? 22 : 26, MUTED, 400, topWidth, wide ? 64 : 72, topLeft, topRight);
  if (p.permitNumber && !hasQr) {
    y += 8;
    await put(l.permit(p.permitNumber), wide ? 22 : 26, INK, 700, topWidth, 40, topLeft, topRight);
  }

  // The lister, low on the reading side, beside the tile.
  const listerWidth = hasQr ? innerWidth - tile - 32 : innerWidth;
  const listerLeft = rtl && hasQr ? inner.left + tile + 32 : inner.left;
  const licences = licenceLine(p.lister);
  const name = await fitText(
    p.lister.name,
    { size: wide ? 26 : 30, color: INK, weight: 700, width: listerWidth, alignRight: rtl },
    wide ? 40 : 46,
  );
  const lic = licences
    ? await textImage(licences, { size: wide ? 20 : 24, color: MUTED, width: listerWidth, alignRight: rtl })
    : null;
  const brand = await textImage('Bitaqa · بطاقة', { size: wide ? 18 : 22, color: GOLD, weight: 700, width: 300 });
  const bottom = H - pad - 4;
  const brandTop = bottom - brand.height;
  const licTop = brandTop - 14 - (lic?.height ?? 0);
  const nameTop = licTop - 4 - name.height;
  layers.push({
    input: name.png,
    top: Math.max(nameTop, y + 12),
    left: place(name, listerWidth, listerLeft, inner.right),
  });
  if (lic)
    layers.push({
      input: lic.png,
      top: Math.max(licTop, y + 16 + name.height),
      left: place(lic, listerWidth, listerLeft, inner.right),
    });
  layers.push({ input: brand.png, top: brandTop, left: place(brand, 300, listerLeft, inner.right) });

  return sharp(base).composite(layers).png({ compressionLevel: 8 }).toBuffer();
}
