/**
 * Generated avatars for people without a photo: initials on a coloured circle, as SVG. The
 * colour follows the name, so a person keeps the same avatar everywhere.
 */
import { escapeHtml } from '../../web';

const COLORS = [
  '#0f766e',
  '#1d4ed8',
  '#7c3aed',
  '#b45309',
  '#be123c',
  '#15803d',
  '#0369a1',
  '#a21caf',
  '#c2410c',
  '#334155',
];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => Array.from(w)[0]?.toUpperCase() ?? '').join('') || '?';
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return h;
}

/** The avatar colour of a name. */
export function avatarColor(name: string): string {
  return COLORS[hash(name.trim().toLowerCase()) % COLORS.length];
}

export function avatarSvg(name: string): string {
  const color = avatarColor(name);
  const initials = escapeHtml(initialsOf(name));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img">',
    `<title>${escapeHtml(name)}</title>`,
    `<circle cx="128" cy="128" r="128" fill="${color}"/>`,
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="Inter, 'Segoe UI', Tahoma, Arial, sans-serif" font-size="104" font-weight="600" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('');
}

/** The path at which the server serves a generated avatar for a name. */
export function avatarPath(name: string): string {
  const encoded = encodeURIComponent(name.trim()).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `/api/avatars/${encoded}.svg`;
}
