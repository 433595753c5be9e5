/**
 * A video-call background of a card: the owner's name, profession, company and licence numbers
 * with a QR code of the card, in three designs and two languages, at 1920×1080 or 1280×720.
 *
 * The speaker sits in the middle of the frame, so everything we draw keeps to the outer thirds:
 * the text block low on the reading side (left in English, right in Arabic) and the QR code high on
 * the other side, where a head and shoulders never reach. Video apps mirror only the speaker's own
 * preview, never what the others see, so the text reads the right way round for them.
 *
 * Text goes through Pango with the shipped Noto Sans Arabic (cards/preview.ts), so Arabic is joined
 * and right to left whatever fonts the machine has.
 */
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import type { BackgroundDesign, BackgroundLang, BackgroundSize } from '../../../core/schemas/print';
import type { Card } from '../../../core/schemas/card';
import type { ObjectStore } from '../../platform/storage/object-store';
import { textImage, uploadedPhoto } from '../cards/preview';

export interface BackgroundInput {
  card: Pick<Card, 'name' | 'profession' | 'brnNumber' | 'ornNumber' | 'brokerage'>;
  /** The company line as the card shows it in this language (brokerage, company or bank). */
  company: string | null;
  /** What the QR code opens: the card link marked as a background visit. */
  link: string;
}

/**
 * Changed whenever the drawing changes: the picture's cache key and ETag carry it next to the card's
 * version, so a browser holding an earlier drawing of the same card version fetches the new one.
 */
export const BACKGROUND_REVISION = 2;

const TEAL = '#0f3d3e';
const GOLD = '#e6b655';
const HEX = /^#[0-9a-f]{6}$/i;

interface Palette {
  background: string;
  backgroundEnd: string;
  accent: string;
  /** The company line: the accent where it reads on the background, else the text colour. */
  company: string;
  title: string;
  text: string;
  muted: string;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Text on a call is a compressed video seen small, so brand colours are used for text only where
 * they keep the contrast of body text (4.5:1) against both ends of the background's gradient.
 */
const READABLE = 4.5;
const readableOn = (colour: string, backgrounds: string[], fallback: string) =>
  backgrounds.every((bg) => contrastRatio(colour, bg) >= READABLE) ? colour : fallback;

/**
 * The brokerage's colours where the card wears them, else Bitaqa's teal and gold. A brand colour
 * too dark or too light to carry the text on it gives way to Bitaqa's own for that part.
 */
export function palette(design: BackgroundDesign, card: BackgroundInput['card']): Palette {
  const primary =
    card.brokerage?.primaryColor && HEX.test(card.brokerage.primaryColor) ? card.brokerage.primaryColor : TEAL;
  const secondary =
    card.brokerage?.secondaryColor && HEX.test(card.brokerage.secondaryColor) ? card.brokerage.secondaryColor : GOLD;
  const withCompany = (p: Omit<Palette, 'company'>, fallback: string): Palette => ({
    ...p,
    company: readableOn(p.accent, [p.background, p.backgroundEnd], fallback),
  });
  if (design === '2') {
    return withCompany(
      {
        background: '#f8fafc',
        backgroundEnd: '#e2e8f0',
        accent: primary,
        title: '#0f172a',
        text: '#334155',
        muted: '#64748b',
      },
      '#0f172a',
    );
  }
  if (design === '3') {
    return withCompany(
      {
        background: '#0b0f14',
        backgroundEnd: '#1e293b',
        accent: secondary,
        title: '#ffffff',
        text: '#e2e8f0',
        muted: '#94a3b8',
      },
      '#ffffff',
    );
  }
  return withCompany(
    {
      // The name is written in white on this colour: a light brand colour leaves it to the teal.
      background: readableOn(primary, ['#ffffff'], TEAL),
      backgroundEnd: '#0a2a2b',
      accent: secondary,
      title: '#ffffff',
      text: '#d7ecea',
      muted: '#a7c7c5',
    },
    '#ffffff',
  );
}

function backdrop(design: BackgroundDesign, p: Palette, w: number, h: number, rtl: boolean): Buffer {
  const shapes =
    design === '2'
      ? // A band of the brand colour on the reading side, like an office wall's feature strip.
        `<rect x="${rtl ? w - w * 0.015 : 0}" width="${w * 0.015}" height="${h}" fill="${p.accent}"/>
         <rect y="${h * 0.94}" width="${w}" height="${h * 0.06}" fill="${p.accent}" fill-opacity="0.12"/>`
      : design === '3'
        ? `<rect x="${rtl ? w * 0.56 : w * 0.04}" y="${h * 0.62}" width="${w * 0.4}" height="2" fill="${p.accent}" fill-opacity="0.7"/>
           <circle cx="${rtl ? w * 0.05 : w * 0.95}" cy="${h * 1.05}" r="${h * 0.45}" fill="${p.accent}" fill-opacity="0.06"/>`
        : `<circle cx="${rtl ? w * 0.08 : w * 0.92}" cy="${-h * 0.1}" r="${h * 0.5}" fill="#ffffff" fill-opacity="0.05"/>
           <rect y="${h * 0.965}" width="${w}" height="${h * 0.035}" fill="${p.accent}"/>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.background}"/><stop offset="1" stop-color="${p.backgroundEnd}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${shapes}
</svg>`);
}

const LABELS = {
  en: { scan: 'Scan for my card' },
  ar: { scan: 'امسح لبطاقتي' },
} as const;

export async function renderBackground(
  input: BackgroundInput,
  opts: { design: BackgroundDesign; lang: BackgroundLang; size: BackgroundSize },
  store: ObjectStore,
): Promise<Buffer> {
  const [w, h] = opts.size.split('x').map(Number);
  const rtl = opts.lang === 'ar';
  const p = palette(opts.design, input.card);
  const unit = h / 1080;
  const margin = Math.round(80 * unit);
  const column = Math.round(w * 0.4);
  const layers: OverlayOptions[] = [];

  // The text block: low on the reading side, its lines aligned to that edge.
  const lines: [string, number, string, 400 | 700][] = [
    [input.card.name, 64, p.title, 700],
    [input.card.profession, 36, p.text, 400],
  ];
  if (input.company) lines.push([input.company, 32, p.company, 700]);
  const licences = [
    input.card.brnNumber && `BRN ${input.card.brnNumber}`,
    input.card.ornNumber && `ORN ${input.card.ornNumber}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
  if (licences) lines.push([licences, 26, p.muted, 400]);
  const images = await Promise.all(
    lines.map(([text, size, color, weight]) => textImage(text, Math.round(size * unit), color, weight, column)),
  );
  const sizes = await Promise.all(images.map((i) => sharp(i).metadata()));
  const gap = Math.round(14 * unit);
  const blockHeight = sizes.reduce((sum, m) => sum + (m.height ?? 0) + gap, -gap);
  let top = Math.round(h * 0.9) - blockHeight;
  images.forEach((image, i) => {
    const width = sizes[i].width ?? 0;
    layers.push({ input: image, top, left: rtl ? w - margin - width : margin });
    top += (sizes[i].height ?? 0) + gap;
  });

  // The QR code: high on the other side, on a white tile so any camera reads it.
  const qrSide = Math.round(h * 0.22);
  const tile = Math.round(qrSide * 1.12);
  const qr = await QRCode.toBuffer(input.link, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: qrSide,
    color: { dark: '#0a2a2b' },
  });
  const tileLeft = rtl ? margin : w - margin - tile;
  const tileTop = margin;
  const radius = Math.round(tile * 0.08);
  layers.push({
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${tile}" height="${tile}"><rect width="${tile}" height="${tile}" rx="${radius}" fill="#ffffff"/></svg>`,
    ),
    top: tileTop,
    left: tileLeft,
  });
  const qrMeta = await sharp(qr).metadata();
  layers.push({
    input: qr,
    top: tileTop + Math.round((tile - (qrMeta.height ?? qrSide)) / 2),
    left: tileLeft + Math.round((tile - (qrMeta.width ?? qrSide)) / 2),
  });
  const caption = await textImage(LABELS[opts.lang].scan, Math.round(24 * unit), p.text, 400, tile + margin);
  const captionMeta = await sharp(caption).metadata();
  layers.push({
    input: caption,
    top: tileTop + tile + Math.round(12 * unit),
    left: tileLeft + Math.round((tile - (captionMeta.width ?? 0)) / 2),
  });

  // The brokerage's logo, when the card wears one, above the text block.
  const logo = await uploadedPhoto(input.card.brokerage?.logoUrl ?? null, store);
  if (logo) {
    const logoHeight = Math.round(90 * unit);
    const scaled = await sharp(logo).resize({ height: logoHeight, width: column, fit: 'inside' }).png().toBuffer();
    const m = await sharp(scaled).metadata();
    const blockTop = Math.round(h * 0.9) - blockHeight;
    layers.push({
      input: scaled,
      top: Math.max(margin, blockTop - logoHeight - Math.round(24 * unit)),
      left: rtl ? w - margin - (m.width ?? 0) : margin,
    });
  }

  return sharp(backdrop(opts.design, p, w, h, rtl))
    .composite(layers)
    .png({ compressionLevel: 6 })
    .toBuffer();
}
