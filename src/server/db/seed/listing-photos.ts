/**
 * Demo listing photos: simple drawn scenes (sky, sea or sand, buildings, palms) per
 * property type, rendered once with sharp to WebP under DATA_DIR/uploads, the same place and
 * format as uploaded photos. Drawn rather than downloaded so the demo needs no network.
 */
import sharp from 'sharp';
import type { PropertyType } from '../../../core/enums';
import { storeImage, uploadUrl } from '../../platform/storage/images';
import type { Uploads } from '../../platform/storage/uploads';

const W = 1200;
const H = 800;
/** Rendered a little smaller than drawn: sharp on a busy machine stays well under a second. */
const OUT_W = 960;
const OUT_H = 640;

const SKIES = [
  ['#7dd3fc', '#e0f2fe'],
  ['#fb923c', '#fde68a'],
  ['#38bdf8', '#f0f9ff'],
  ['#6366f1', '#f9a8d4'],
];
const GROUNDS = ['#f5deb3', '#0ea5e9', '#e7d3a8', '#0284c7'];

function palm(x: number, y: number, s: number): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0 C4 -60 -4 -120 6 -170" stroke="#7c5a3a" stroke-width="10" fill="none"/>${[
    -70, -30, 10, 50, 90,
  ]
    .map(
      (a) =>
        `<path d="M6 -170 q ${Math.cos((a * Math.PI) / 180) * 60} ${-30 + Math.sin((a * Math.PI) / 180) * 20} ${Math.cos((a * Math.PI) / 180) * 110} ${30}" stroke="#15803d" stroke-width="12" fill="none" stroke-linecap="round"/>`,
    )
    .join('')}</g>`;
}

function windows(x: number, y: number, w: number, h: number, cols: number, rows: number, color: string): string {
  const cells: string[] = [];
  const cw = w / cols;
  const ch = h / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      cells.push(
        `<rect x="${x + c * cw + cw * 0.2}" y="${y + r * ch + ch * 0.25}" width="${cw * 0.6}" height="${ch * 0.5}" fill="${color}" opacity="0.85"/>`,
      );
    }
  }
  return cells.join('');
}

function tower(x: number, w: number, h: number, body: string, glass: string): string {
  const top = H * 0.7 - h;
  return `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${body}"/>${windows(x, top + 10, w, h - 20, Math.max(2, Math.round(w / 40)), Math.round(h / 45), glass)}`;
}

function villa(x: number, scale: number, wall: string, roof: string): string {
  const y = H * 0.7;
  return `<g transform="translate(${x} ${y}) scale(${scale})"><rect x="0" y="-220" width="420" height="220" fill="${wall}"/><rect x="260" y="-320" width="200" height="320" fill="${wall}" stroke="#d6d3d1" stroke-width="4"/><polygon points="-20,-220 210,-300 440,-220" fill="${roof}"/><rect x="40" y="-160" width="90" height="80" fill="#7dd3fc"/><rect x="160" y="-160" width="70" height="160" fill="#78350f"/><rect x="290" y="-280" width="140" height="90" fill="#7dd3fc"/><rect x="290" y="-150" width="140" height="90" fill="#7dd3fc"/></g>`;
}

function scene(type: PropertyType, variant: number): string {
  const [skyTop, skyBottom] = SKIES[variant % SKIES.length];
  const ground = GROUNDS[(variant + (type === 'villa' ? 1 : 0)) % GROUNDS.length];
  const parts: string[] = [
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#s)"/>`,
    `<circle cx="${200 + variant * 230}" cy="${150 + (variant % 2) * 40}" r="60" fill="#fef3c7" opacity="0.9"/>`,
    `<rect y="${H * 0.7}" width="${W}" height="${H * 0.3}" fill="${ground}"/>`,
  ];
  const body = ['#e2e8f0', '#cbd5e1', '#f1f5f9', '#94a3b8'][variant % 4];
  const glass = ['#0ea5e9', '#38bdf8', '#1e3a8a', '#0369a1'][variant % 4];
  switch (type) {
    case 'villa':
      parts.push(villa(260 + variant * 40, 1.2, '#fafaf9', ['#b45309', '#78716c', '#92400e', '#57534e'][variant % 4]));
      parts.push(palm(180, H * 0.72, 1.1), palm(1000, H * 0.72, 1.3));
      break;
    case 'townhouse':
      for (let i = 0; i < 4; i++)
        parts.push(villa(60 + i * 280, 0.62, ['#fafaf9', '#f5f5f4', '#e7e5e4', '#fafaf9'][i], '#a16207'));
      parts.push(palm(1120, H * 0.72, 0.9));
      break;
    case 'penthouse':
      parts.push(
        tower(450, 300, 520, body, glass),
        `<rect x="430" y="${H * 0.7 - 560}" width="340" height="40" fill="#f8fafc"/>`,
      );
      parts.push(tower(120, 160, 300, '#cbd5e1', glass), tower(900, 200, 380, '#e2e8f0', glass));
      break;
    case 'office':
      parts.push(
        tower(380, 220, 480, '#475569', '#7dd3fc'),
        tower(640, 200, 400, '#334155', '#bae6fd'),
        tower(160, 160, 280, '#64748b', '#e0f2fe'),
      );
      break;
    case 'retail':
      parts.push(`<rect x="200" y="${H * 0.7 - 260}" width="800" height="260" fill="#f8fafc"/>`);
      for (let i = 0; i < 4; i++) {
        parts.push(
          `<rect x="${230 + i * 195}" y="${H * 0.7 - 190}" width="160" height="190" fill="#bae6fd"/><rect x="${220 + i * 195}" y="${H * 0.7 - 240}" width="180" height="36" fill="${['#dc2626', '#16a34a', '#2563eb', '#d97706'][(i + variant) % 4]}"/>`,
        );
      }
      break;
    default:
      // apartment and studio: a skyline of towers by the water.
      parts.push(
        tower(140, 180, 360 + variant * 20, body, glass),
        tower(380, 240, 480, '#f1f5f9', glass),
        tower(680, 200, 420 - variant * 15, body, glass),
        tower(940, 150, 300, '#e2e8f0', glass),
      );
      if (type === 'studio') parts.push(palm(90, H * 0.72, 0.8));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUT_W}" height="${OUT_H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

export const PHOTO_VARIANTS = 2;

/** Renders the scenes (PHOTO_VARIANTS per type) and returns their URLs by type. */
export async function renderListingPhotos(
  uploads: Uploads,
  types: readonly PropertyType[],
): Promise<Record<PropertyType, string[]>> {
  const out = {} as Record<PropertyType, string[]>;
  for (const type of types) {
    out[type] = [];
    for (let v = 0; v < PHOTO_VARIANTS; v++) {
      const data = await sharp(Buffer.from(scene(type, v)))
        .webp({ quality: 78 })
        .toBuffer();
      out[type].push(uploadUrl(await storeImage(uploads, data, null)));
    }
  }
  return out;
}

/**
 * A simple emblem for a service category (no text, so no fonts are needed). The catalogue shows
 * the picture as a 3:1 band across its middle, so the emblem is drawn at under half size in the
 * centre: the band shows all of it with room around.
 */
export async function renderServiceImage(uploads: Uploads, hue: number, shape: number): Promise<string> {
  const shapes = [
    `<polygon points="600,180 840,400 760,400 760,620 440,620 440,400 360,400" fill="#fff" opacity="0.9"/>`,
    `<rect x="420" y="260" width="360" height="300" rx="24" fill="#fff" opacity="0.9"/><rect x="420" y="320" width="360" height="40" fill="hsl(${hue} 60% 40%)"/>`,
    `<polygon points="600,200 800,300 800,320 400,320 400,300" fill="#fff"/><rect x="440" y="340" width="40" height="200" fill="#fff"/><rect x="580" y="340" width="40" height="200" fill="#fff"/><rect x="720" y="340" width="40" height="200" fill="#fff"/><rect x="400" y="560" width="400" height="40" fill="#fff"/>`,
    `<rect x="380" y="240" width="440" height="300" rx="20" fill="#fff" opacity="0.9"/><rect x="540" y="560" width="120" height="40" fill="#fff"/><polyline points="430,480 520,380 600,440 700,320 780,360" stroke="hsl(${hue} 60% 40%)" stroke-width="18" fill="none"/>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${OUT_W}" height="${OUT_H}" viewBox="0 0 ${W} ${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 60%)"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/><g transform="translate(600 400) scale(0.45) translate(-600 -400)">${shapes[shape % shapes.length]}</g></svg>`;
  const data = await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
  return uploadUrl(await storeImage(uploads, data, null));
}
