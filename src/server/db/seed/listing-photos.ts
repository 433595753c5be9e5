/**
 * Demo listing photos: architectural illustrations per property type, rendered once with sharp
 * to WebP under DATA_DIR/uploads, the same place and format as uploaded photos. Drawn rather than
 * downloaded so the demo needs no network and carries no third-party licence.
 *
 * The style follows an architect's rendering rather than a cartoon: a muted palette, a graded
 * sky with a hazy sun, skylines in layers that fade towards the sky's colour with distance, glass
 * drawn as a gradient with floor lines and a reflected sheen instead of a grid of windows, water
 * that mirrors the towers softly, villas as clean white volumes with timber, shadow and a pool.
 * Each type has two scenes (a morning and an evening light; apartments, studios and penthouses
 * have an interior with a view as one of them), so neighbouring listings do not look alike.
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

/**
 * Two lights per scene: a clear hazy morning and a warm evening. Far layers take the sky's
 * colour (atmospheric perspective), so the skyline reads as depth rather than as stickers.
 */
const LIGHTS = [
  {
    sky: ['#9dbbcc', '#d6e2e6', '#efe9df'],
    sun: [900, 190],
    glow: '#fff8e8',
    far: '#c6d3da',
    mid: '#a3b5c0',
    glassDark: '#4f6b7c',
    glassLight: '#b7cbd4',
    water: ['#7d9aab', '#a9bfc8'],
    ground: '#e4dccd',
    lit: '#f3e6cf',
  },
  {
    sky: ['#6f819a', '#c9b3a4', '#efcfa8'],
    sun: [330, 420],
    glow: '#ffe0b0',
    far: '#b8adab',
    mid: '#8f8790',
    glassDark: '#3f4c5c',
    glassLight: '#d2b59a',
    water: ['#66768a', '#c2a68e'],
    ground: '#d9c7ae',
    lit: '#f6cf8e',
  },
] as const;
type Light = (typeof LIGHTS)[number];

/** A small seeded sequence, so each scene's skyline is the same on every run. */
function seq(seed: number): () => number {
  let s = seed * 9301 + 49297;
  return () => {
    s = (s * 9301 + 49297) % 233280;
    return s / 233280;
  };
}

function defs(l: Light, horizon: number): string {
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${l.sky[0]}"/><stop offset=".6" stop-color="${l.sky[1]}"/><stop offset="1" stop-color="${l.sky[2]}"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="${l.glow}" stop-opacity=".95"/><stop offset=".12" stop-color="${l.glow}" stop-opacity=".8"/><stop offset="1" stop-color="${l.glow}" stop-opacity="0"/></radialGradient>
<linearGradient id="gl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${l.glassDark}"/><stop offset=".55" stop-color="${l.glassLight}"/><stop offset="1" stop-color="${l.glassDark}"/></linearGradient>
<linearGradient id="gv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${l.glassLight}"/><stop offset="1" stop-color="${l.glassDark}"/></linearGradient>
<linearGradient id="wa" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${l.water[1]}"/><stop offset="1" stop-color="${l.water[0]}"/></linearGradient>
<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${l.sky[2]}" stop-opacity="0"/><stop offset="1" stop-color="${l.sky[2]}" stop-opacity=".75"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b08d6a"/><stop offset="1" stop-color="#8a6a4e"/></linearGradient>
<linearGradient id="pool" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8cc7c9"/><stop offset="1" stop-color="#4f8f98"/></linearGradient>
<linearGradient id="warm" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7e2bb"/><stop offset="1" stop-color="#d9a968"/></linearGradient>
<pattern id="fl" width="26" height="18" patternUnits="userSpaceOnUse"><rect y="17" width="26" height="1.2" fill="#fff" opacity=".28"/><rect x="25" width="1" height="18" fill="#1d2a33" opacity=".12"/></pattern>
<clipPath id="below"><rect y="${horizon}" width="${W}" height="${H - horizon}"/></clipPath>
</defs>`;
}

function skyAndSun(l: Light): string {
  return `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="${l.sun[0]}" cy="${l.sun[1]}" r="260" fill="url(#sun)"/>`;
}

/** A row of simple towers in one flat colour: the far and middle distance. */
function skylineLayer(
  rnd: () => number,
  base: number,
  color: string,
  opacity: number,
  minH: number,
  maxH: number,
): string {
  const out: string[] = [];
  for (let x = -20; x < W; ) {
    const w = 40 + rnd() * 70;
    const h = minH + rnd() * (maxH - minH);
    out.push(
      `<rect x="${x.toFixed(0)}" y="${(base - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}"/>`,
    );
    if (rnd() < 0.25)
      out.push(`<rect x="${(x + w / 2 - 2).toFixed(0)}" y="${(base - h - 30).toFixed(0)}" width="4" height="30"/>`);
    x += w + rnd() * 18;
  }
  return `<g fill="${color}" opacity="${opacity}">${out.join('')}</g>`;
}

/** A glass tower in two faces: a lit front with floor lines and a sky reflection, a darker side. */
function tower(x: number, base: number, w: number, h: number, side: number, crown = 0): string {
  const top = base - h;
  const s = side;
  return `<g><polygon points="${x + w},${top} ${x + w + s},${top + s * 0.35} ${x + w + s},${base} ${x + w},${base}" fill="#2c3a45" opacity=".55"/><rect x="${x}" y="${top}" width="${w}" height="${h}" fill="url(#gl)"/><rect x="${x}" y="${top}" width="${w}" height="${h}" fill="url(#fl)"/><polygon points="${x},${top + h * 0.18} ${x + w * 0.55},${top} ${x + w * 0.9},${top} ${x},${top + h * 0.62}" fill="#fff" opacity=".13"/>${crown ? `<rect x="${x + w * 0.2}" y="${top - crown}" width="${w * 0.6}" height="${crown}" fill="url(#gv)"/><rect x="${x + w / 2 - 1.5}" y="${top - crown - 60}" width="3" height="60" fill="#5b6770"/>` : ''}<rect x="${x - 2}" y="${top}" width="${w + 4}" height="5" fill="#e9eef0" opacity=".7"/></g>`;
}

function palm(x: number, y: number, s: number, color = '#5d7157'): string {
  const fronds = [-160, -130, -100, -70, -40, -15, 20]
    .map((a) => {
      const r = (a * Math.PI) / 180;
      const ex = Math.cos(r) * 80;
      const ey = Math.sin(r) * 40 + 22;
      return `<path d="M0 -150 q ${(ex * 0.5).toFixed(1)} ${(ey - 30).toFixed(1)} ${ex.toFixed(1)} ${ey.toFixed(1)}" stroke="${color}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-3 0 C0 -60 -6 -110 0 -150" stroke="#8a7660" stroke-width="6" fill="none"/>${fronds}</g>`;
}

function shrub(x: number, y: number, w: number, h: number, color = '#76876c'): string {
  return `<rect x="${x}" y="${y - h}" width="${w}" height="${h}" rx="${h / 2}" fill="${color}"/><rect x="${x + 4}" y="${y - 3}" width="${w - 8}" height="6" fill="#000" opacity=".08"/>`;
}

/** The waterfront: layered skyline, near glass towers and their soft reflections in the marina. */
function waterfront(l: Light, seed: number, towers: [number, number, number][]): string {
  const horizon = 560;
  const rnd = seq(seed);
  const near = towers.map(([x, w, h], i) => tower(x, horizon, w, h, 18 + (i % 2) * 10, i === 1 ? 26 : 0)).join('');
  const streaks = Array.from({ length: 9 }, (_, i) => {
    const y = horizon + 24 + i * 24;
    const x = (i * 173) % 900;
    return `<rect x="${x}" y="${y}" width="${160 + (i % 3) * 90}" height="2" fill="#fff" opacity=".22"/>`;
  }).join('');
  return [
    skyAndSun(l),
    skylineLayer(rnd, horizon, l.far, 0.9, 60, 200),
    skylineLayer(rnd, horizon, l.mid, 0.75, 40, 150),
    `<rect y="${horizon - 120}" width="${W}" height="120" fill="url(#haze)"/>`,
    near,
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#wa)"/>`,
    `<g clip-path="url(#below)" opacity=".28"><g transform="translate(0 ${2 * horizon}) scale(1 -1)">${near}</g></g>`,
    // The quay: a stone edge with a row of small palms along the promenade.
    `<rect y="${horizon - 8}" width="${W}" height="16" fill="${l.ground}"/><rect y="${horizon + 8}" width="${W}" height="5" fill="#000" opacity=".12"/>`,
    [60, 250, 560, 690, 1010, 1150].map((x) => palm(x, horizon - 6, 0.42, '#6b7d66')).join(''),
    streaks,
  ].join('');
}

/** A modern villa: stacked white volumes, a timber panel, deep glass, a cantilever's shadow, a pool. */
function villaBody(x: number, y: number, s: number, l: Light, flip: boolean): string {
  const inner = `<rect x="0" y="-190" width="620" height="190" fill="#f3efe8"/><rect x="40" y="-150" width="330" height="150" fill="url(#gv)"/><rect x="40" y="-150" width="330" height="150" fill="url(#fl)"/><polygon points="40,-120 150,-150 220,-150 40,-40" fill="#fff" opacity=".14"/><rect x="410" y="-150" width="70" height="150" fill="url(#wood)"/><rect x="140" y="-330" width="560" height="140" fill="#ebe5dc"/><rect x="180" y="-300" width="360" height="80" fill="url(#gv)"/><rect x="580" y="-330" width="120" height="140" fill="url(#wood)"/><rect x="130" y="-338" width="580" height="10" fill="#d9d1c5"/><rect x="-10" y="-198" width="640" height="10" fill="#d9d1c5"/><rect x="0" y="-188" width="620" height="24" fill="#000" opacity=".1"/><rect x="620" y="-188" width="80" height="188" fill="#000" opacity=".06"/>${l === LIGHTS[1] ? `<rect x="50" y="-140" width="310" height="130" fill="${l.lit}" opacity=".35"/><rect x="190" y="-290" width="340" height="60" fill="${l.lit}" opacity=".35"/>` : ''}`;
  return `<g transform="translate(${x} ${y}) scale(${flip ? -s : s} ${s})">${inner}</g>`;
}

function villa(l: Light, variant: number): string {
  const ground = 600;
  const flip = variant === 1;
  const rnd = seq(7 + variant);
  return [
    skyAndSun(l),
    skylineLayer(rnd, ground - 40, l.far, 0.5, 20, 70),
    `<ellipse cx="200" cy="${ground - 40}" rx="260" ry="90" fill="#9aa88e" opacity=".55"/><ellipse cx="1050" cy="${ground - 30}" rx="280" ry="100" fill="#8e9d83" opacity=".55"/>`,
    `<rect y="${ground - 40}" width="${W}" height="${H - ground + 40}" fill="#a8b495"/>`,
    `<rect y="${ground - 40}" width="${W}" height="40" fill="url(#haze)" opacity=".5"/>`,
    villaBody(flip ? 960 : 240, ground, 1.05, l, flip),
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${l.ground}"/>`,
    `<polygon points="${flip ? '160,640 820,640 900,760 80,760' : '380,640 1040,640 1120,760 300,760'}" fill="url(#pool)"/>`,
    `<polygon points="${flip ? '160,640 820,640 826,650 154,650' : '380,640 1040,640 1046,650 374,650'}" fill="#fff" opacity=".35"/>`,
    `<g fill="#fff" opacity=".3">${[0, 1, 2].map((i) => `<rect x="${(flip ? 260 : 480) + i * 170}" y="${680 + i * 22}" width="110" height="3"/>`).join('')}</g>`,
    shrub(flip ? 960 : 60, ground + 4, 150, 46),
    shrub(flip ? 1070 : 170, ground + 10, 90, 38, '#6a7b62'),
    palm(flip ? 1110 : 90, ground + 10, 1.7),
    palm(flip ? 60 : 1120, ground + 20, 1.35, '#667a5f'),
  ].join('');
}

function townhouses(l: Light, variant: number): string {
  const ground = 610;
  const rnd = seq(11 + variant);
  const units = [0, 1, 2, 3]
    .map((i) => {
      const x = 60 + i * 280;
      const wall = ['#f3efe8', '#ece5da', '#f3efe8', '#e8e1d5'][(i + variant) % 4];
      const tall = (i + variant) % 2 === 0;
      const top = tall ? -330 : -300;
      return `<g transform="translate(${x} ${ground})"><rect x="0" y="${top}" width="260" height="${-top}" fill="${wall}"/><rect x="-6" y="${top - 8}" width="272" height="10" fill="#d3cbbe"/><rect x="22" y="${top + 40}" width="150" height="90" fill="url(#gv)"/><rect x="22" y="${top + 40}" width="150" height="90" fill="url(#fl)"/><rect x="190" y="${top + 30}" width="50" height="${-top - 30}" fill="url(#wood)"/><rect x="22" y="-150" width="110" height="150" fill="url(#gv)"/><rect x="145" y="-120" width="35" height="120" fill="#5c5048"/><rect x="0" y="-160" width="260" height="14" fill="#000" opacity=".08"/><rect x="0" y="${top + 2}" width="260" height="16" fill="#000" opacity=".07"/>${l === LIGHTS[1] ? `<rect x="30" y="-140" width="94" height="130" fill="${l.lit}" opacity=".4"/>` : ''}</g>`;
    })
    .join('');
  return [
    skyAndSun(l),
    skylineLayer(rnd, ground - 60, l.far, 0.6, 40, 140),
    `<rect y="${ground - 80}" width="${W}" height="80" fill="url(#haze)"/>`,
    units,
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${l.ground}"/>`,
    `<rect y="${ground + 60}" width="${W}" height="${H - ground - 60}" fill="#cfc4b3"/>`,
    [0, 1, 2, 3].map((i) => shrub(70 + i * 280, ground + 40, 120, 34)).join(''),
    palm(40, ground + 70, 1.5),
    palm(1170, ground + 80, 1.6, '#667a5f'),
  ].join('');
}

/** A living room looking out over the city through a wall of glass. */
function interior(l: Light, seed: number, grand: boolean): string {
  const wy = grand ? 60 : 130;
  const wb = 560;
  const view = `<svg x="200" y="${wy}" width="800" height="${wb - wy}" viewBox="0 ${grand ? 60 : 160} ${W} ${grand ? 640 : 520}" preserveAspectRatio="xMidYMid slice">${waterfront(
    l,
    seed,
    [
      [200, 150, 420],
      [470, 190, 520],
      [800, 140, 360],
    ],
  )}</svg>`;
  const lamp = l === LIGHTS[1];
  const [back, seat, arm] = [
    ['#6f8388', '#7d9196', '#667a80'],
    ['#b7a48c', '#c4b29a', '#a8957d'],
    ['#5f6a60', '#6d786d', '#566157'],
  ][seed % 3];
  return [
    `<rect width="${W}" height="${H}" fill="#ece6dd"/>`,
    `<rect width="${W}" height="${wy - 10}" fill="#f4efe8"/>`,
    view,
    `<g fill="#3b3f42"><rect x="196" y="${wy - 6}" width="808" height="8"/><rect x="196" y="${wb - 2}" width="808" height="8"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="${196 + i * 200}" y="${wy}" width="${i % 4 === 0 ? 8 : 4}" height="${wb - wy}"/>`).join('')}</g>`,
    `<rect x="150" y="${wy - 10}" width="90" height="${wb - wy + 20}" fill="#fff" opacity=".5"/><rect x="960" y="${wy - 10}" width="90" height="${wb - wy + 20}" fill="#fff" opacity=".5"/>`,
    `<polygon points="0,${wb + 6} ${W},${wb + 6} ${W},${H} 0,${H}" fill="#c7ad8f"/>`,
    `<polygon points="220,${wb + 6} 980,${wb + 6} 1160,${H} 40,${H}" fill="#fff" opacity="${lamp ? 0.06 : 0.16}"/>`,
    `<ellipse cx="600" cy="700" rx="360" ry="70" fill="#e5dccf"/>`,
    // Sofa: back, seat, arms, cushions, and its shadow.
    `<ellipse cx="600" cy="690" rx="330" ry="22" fill="#000" opacity=".12"/><rect x="300" y="560" width="600" height="90" rx="18" fill="${back}"/><rect x="280" y="620" width="640" height="70" rx="16" fill="${seat}"/><rect x="260" y="590" width="60" height="100" rx="18" fill="${arm}"/><rect x="880" y="590" width="60" height="100" rx="18" fill="${arm}"/><rect x="360" y="575" width="120" height="70" rx="14" fill="#d8cbb7"/><rect x="720" y="575" width="120" height="70" rx="14" fill="#c9a77a"/>`,
    `<rect x="470" y="725" width="260" height="18" rx="6" fill="#3e3a36"/><rect x="490" y="743" width="8" height="40" fill="#3e3a36"/><rect x="702" y="743" width="8" height="40" fill="#3e3a36"/><rect x="520" y="708" width="60" height="17" rx="3" fill="#e9e2d6"/>`,
    // Floor lamp and plant.
    `<rect x="1030" y="430" width="4" height="300" fill="#3e3a36"/><path d="M995 430 h74 l-14 -50 h-46 z" fill="#efe3c9"/>${lamp ? '<circle cx="1032" cy="430" r="120" fill="#ffd9a0" opacity=".25"/>' : ''}`,
    `<path d="M110 720 h70 l-8 60 h-54 z" fill="#b9a48a"/><g fill="#6a7e62">${[-50, -25, 0, 25, 50].map((a) => `<ellipse cx="${145 + a}" cy="${650 - Math.abs(a)}" rx="16" ry="60" transform="rotate(${a / 2} ${145 + a} ${700})"/>`).join('')}</g>`,
  ].join('');
}

function offices(l: Light, variant: number): string {
  const ground = 640;
  const rnd = seq(21 + variant);
  if (variant === 1) {
    // Looking up at one tower: its edges converge towards the sky.
    const mullions = Array.from({ length: 11 }, (_, i) => {
      const b = 330 + i * 54;
      const t = 480 + i * 24;
      return `<line x1="${b}" y1="${H}" x2="${t}" y2="40" stroke="#1d2a33" stroke-opacity=".18" stroke-width="2"/>`;
    }).join('');
    return [
      skyAndSun(l),
      skylineLayer(rnd, H, l.far, 0.55, 200, 420),
      `<polygon points="330,${H} 870,${H} 720,40 480,40" fill="url(#gl)"/>`,
      mullions,
      Array.from({ length: 18 }, (_, i) => {
        const y = 60 + i * i * 2.4;
        const k = (y - 40) / (H - 40);
        return `<line x1="${480 - 150 * k}" y1="${y}" x2="${720 + 150 * k}" y2="${y}" stroke="#fff" stroke-opacity=".25" stroke-width="${1 + k * 2}"/>`;
      }).join(''),
      `<polygon points="480,40 720,40 650,420 330,${H} 330,700" fill="#fff" opacity=".1"/>`,
      `<polygon points="870,${H} 1010,${H} 780,40 720,40" fill="#2c3a45" opacity=".6"/>`,
      `<polygon points="0,${H} 330,${H} 440,120 300,150" fill="${l.mid}" opacity=".8"/>`,
    ].join('');
  }
  return [
    skyAndSun(l),
    skylineLayer(rnd, ground, l.far, 0.85, 120, 330),
    skylineLayer(rnd, ground, l.mid, 0.7, 80, 240),
    `<rect y="${ground - 160}" width="${W}" height="160" fill="url(#haze)"/>`,
    tower(130, ground, 190, 470, 26),
    tower(420, ground, 240, 560, 34, 30),
    tower(770, ground, 200, 420, 26),
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${l.ground}"/><rect y="${ground}" width="${W}" height="10" fill="#000" opacity=".08"/>`,
    `<g fill="#fff" opacity=".35">${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 160}" y="${ground + 60 + (i % 2) * 40}" width="120" height="2"/>`).join('')}</g>`,
    shrub(60, ground + 40, 160, 30),
    shrub(1000, ground + 40, 160, 30),
    palm(360, ground + 30, 1.1),
    palm(720, ground + 30, 1.2),
  ].join('');
}

function retail(l: Light, variant: number): string {
  const ground = 640;
  const fronts = [0, 1, 2]
    .map((i) => {
      const x = 120 + i * 330;
      const goods =
        (i + variant) % 3 === 0
          ? `<rect x="${x + 30}" y="${ground - 110}" width="60" height="110" fill="#8a6f55" opacity=".5"/><rect x="${x + 200}" y="${ground - 90}" width="70" height="90" fill="#8a6f55" opacity=".5"/>`
          : (i + variant) % 3 === 1
            ? `<g fill="#5c4d40" opacity=".45"><rect x="${x + 30}" y="${ground - 170}" width="240" height="6"/><rect x="${x + 30}" y="${ground - 110}" width="240" height="6"/><circle cx="${x + 150}" cy="${ground - 60}" r="26"/></g>`
            : `<g fill="#5c4d40" opacity=".45"><ellipse cx="${x + 90}" cy="${ground - 120}" rx="18" ry="24"/><rect x="${x + 72}" y="${ground - 96}" width="36" height="96"/><ellipse cx="${x + 210}" cy="${ground - 120}" rx="18" ry="24"/><rect x="${x + 192}" y="${ground - 96}" width="36" height="96"/></g>`;
      return `<rect x="${x}" y="${ground - 230}" width="300" height="230" fill="url(#warm)"/>${goods}<rect x="${x}" y="${ground - 230}" width="300" height="230" fill="none" stroke="#2f3336" stroke-width="8"/><rect x="${x + 148}" y="${ground - 230}" width="4" height="230" fill="#2f3336"/><polygon points="${x},${ground - 230} ${x + 120},${ground - 230} ${x},${ground - 90}" fill="#fff" opacity=".15"/><rect x="${x + 70}" y="${ground - 262}" width="160" height="14" rx="2" fill="#2f3336" opacity=".75"/>`;
    })
    .join('');
  return [
    skyAndSun(l),
    skylineLayer(seq(31 + variant), 300, l.far, 0.7, 60, 180),
    `<rect x="60" y="80" width="1080" height="${ground - 80}" fill="#e8e1d6"/><rect x="60" y="80" width="1080" height="${ground - 80}" fill="url(#fl)" opacity=".6"/>`,
    Array.from({ length: 3 }, (_, r) =>
      Array.from(
        { length: 6 },
        (_, c) => `<rect x="${100 + c * 175}" y="${110 + r * 80}" width="130" height="56" fill="url(#gv)"/>`,
      ).join(''),
    ).join(''),
    `<rect x="40" y="${ground - 300}" width="1120" height="22" fill="#cfc6b8"/><rect x="60" y="${ground - 278}" width="1080" height="18" fill="#000" opacity=".1"/>`,
    fronts,
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="#d8d0c3"/>${Array.from({ length: 10 }, (_, i) => `<rect x="${i * 130}" y="${ground}" width="2" height="${H - ground}" fill="#000" opacity=".06"/>`).join('')}`,
    `<rect y="${ground}" width="${W}" height="40" fill="#000" opacity=".06"/>`,
    [60, 1080]
      .map(
        (x) =>
          `<rect x="${x}" y="${ground + 40}" width="70" height="60" fill="#8d8173"/><circle cx="${x + 35}" cy="${ground - 10}" r="55" fill="#7a8a6e"/><rect x="${x + 32}" y="${ground}" width="6" height="40" fill="#6d5b4a"/>`,
      )
      .join(''),
  ].join('');
}

function penthouse(l: Light, variant: number): string {
  if (variant === 0) return interior(LIGHTS[1], 41, true);
  const rnd = seq(43);
  return [
    skyAndSun(l),
    skylineLayer(rnd, 760, l.far, 0.8, 80, 260),
    `<rect y="500" width="${W}" height="300" fill="url(#haze)"/>`,
    tower(380, 900, 440, 700, 60),
    // The crown: a set-back glass pavilion with a lit room and a terrace behind a glass rail.
    `<rect x="420" y="120" width="360" height="90" fill="url(#gv)"/><rect x="430" y="130" width="340" height="70" fill="${l.lit}" opacity=".55"/><rect x="400" y="110" width="400" height="12" fill="#e6e0d6"/><rect x="370" y="196" width="480" height="12" fill="#e6e0d6"/><rect x="370" y="160" width="480" height="38" fill="#cfe0e6" opacity=".35"/>`,
    palm(400, 196, 0.45),
    palm(820, 196, 0.5),
  ].join('');
}

export function scene(type: PropertyType, variant: number): string {
  const l = LIGHTS[variant % LIGHTS.length];
  let body: string;
  switch (type) {
    case 'villa':
      body = villa(l, variant);
      break;
    case 'townhouse':
      body = townhouses(l, variant);
      break;
    case 'penthouse':
      body = penthouse(l, variant);
      break;
    case 'office':
      body = offices(l, variant);
      break;
    case 'retail':
      body = retail(l, variant);
      break;
    case 'studio':
      body =
        variant === 0
          ? interior(l, 51, false)
          : waterfront(l, 53, [
              [120, 150, 330],
              [330, 210, 430],
              [640, 170, 380],
              [900, 190, 300],
            ]);
      break;
    default:
      body =
        variant === 0
          ? waterfront(l, 61, [
              [110, 170, 380],
              [360, 220, 480],
              [700, 190, 420],
              [960, 140, 300],
            ])
          : interior(l, 64, false);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUT_W}" height="${OUT_H}" viewBox="0 0 ${W} ${H}">${defs(l, 560)}${body}</svg>`;
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
