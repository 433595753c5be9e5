/**
 * Reads contact fields out of the OCR text of a UAE business card (one or both sides). Pure rules,
 * no I/O: the server runs them on Tesseract's lines, the tests on plain strings. Each field comes
 * with a confidence in 0..1 (how sure the rule is × how sure the OCR was about the line), so the
 * review screen can point at what to check.
 */
import { findPhoneNumbersInText } from 'libphonenumber-js';
import { DEFAULT_PHONE_COUNTRY } from '../phone';
import { COMPANY_AR_WORDS, COMPANY_SUFFIXES, isAddressLine, TITLE_AR_WORDS, TITLE_WORDS } from './vocabulary';

export interface OcrLine {
  text: string;
  /** 0..1; 1 when unknown. */
  confidence?: number;
  /** Glyph height in pixels: names are usually the largest line. */
  height?: number;
}

export interface ScanFields {
  name: string;
  nameAr: string;
  title: string;
  company: string;
  phones: string[];
  emails: string[];
  website: string;
  address: string;
  brn: string;
  orn: string;
}

export type ScanConfidence = Record<keyof ScanFields, number>;

export interface Extraction {
  fields: ScanFields;
  confidence: ScanConfidence;
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const ARABIC_LETTER = /[\u0600-\u06FF]/;
const LATIN_LETTER = /[A-Za-z]/;

/** Arabic-Indic digits to ASCII, and the ambiguous glyphs OCR produces in numbers. */
export function normaliseDigits(text: string): string {
  return text.replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

const EMAIL_RE =
  /[A-Za-z0-9][A-Za-z0-9._%+-]*(?:\s?[.,]\s[A-Za-z0-9_%+-]+|\s[.,][A-Za-z0-9_%+-]+|,[A-Za-z0-9_%+-]+)*\s?@\s?[A-Za-z0-9-]+(?:\s?\.\s?[A-Za-z0-9-]+)*\s?\.\s?[A-Za-z]{2,}\b/g;
const WEB_RE =
  /\b(?:https?:\/\/)?(?:www\s?\.\s?)?[A-Za-z0-9][A-Za-z0-9-]{1,62}(?:\.[A-Za-z0-9-]{2,})*\.(?:com|ae|net|org|co|io|biz|info|realty|properties|estate|homes|group|me)(?:\.[a-z]{2})?\b(?:\/[^\s]*)?/gi;
const BRN_RE =
  /\b(?:BRN|B\.R\.N|Broker\s*(?:Reg(?:istration)?\.?\s*)?(?:No|Number|#)|RERA(?:\s*(?:BRN|No|Number|Card|ID|#))?)\s*[.:#\-–]?\s*(?:No\.?\s*)?[:#]?\s*([0-9]{3,7})\b/i;
const BRN_AR_RE = /(?:رقم\s*(?:تسجيل\s*)?الوسيط|رقم\s*البطاقة)\s*[:：]?\s*([0-9]{3,7})/;
const ORN_RE =
  /\b(?:ORN|O\.R\.N|Office\s*(?:Reg(?:istration)?\.?\s*)?(?:No|Number|#))\s*[.:#\-–]?\s*[:#]?\s*([0-9]{3,7})\b/i;
const ORN_AR_RE = /(?:رقم\s*(?:تسجيل\s*)?المكتب)\s*[:：]?\s*([0-9]{3,7})/;
const CONTACT_LABEL_RE =
  /^(?:t|tel|ph|phone|m|mob|mobile|cell|f|fax|o|off|office|e|email|e-mail|w|web|website|هاتف|جوال|متحرك|فاكس|بريد|الموقع)\s*[.:|]?\s*/i;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const conf = (line: OcrLine | undefined, rule: number) =>
  Math.round(Math.max(0, Math.min(1, rule * (line?.confidence ?? 1))) * 100) / 100;

/** Top-level domains an e-mail or website on a UAE card ends in, for repairs that need to know one. */
const TLDS = 'com|ae|net|org|co|io|biz|info|me|realty|properties|estate|homes|group';
/** Words a card prints before an address that are not part of it. */
const EMAIL_LABEL = /^(?:e|email|e-mail|mail|بريد|ع)$/i;

/**
 * One line with the slips OCR makes in e-mail addresses undone, judged by the shape of an address:
 * "@" read as "©", "®" or "(a)"; the dot of "first.last" read as a space (an address holds no
 * spaces, so a lower-case word right before the local part belongs to it); the dot before the
 * top-level domain read as a space; ".ae" read as ".ac" and ".com" as ".corn".
 */
export function repairEmailLine(line: string): string {
  let t = line.replace(/(?<=[A-Za-z0-9._-])\s?(?:[©®]|\(a\)|\(@\))\s?(?=[A-Za-z0-9-]{2,})/g, '@');
  if (!t.includes('@')) return t;
  t = t.replace(
    new RegExp(`(@\\s?[A-Za-z0-9-]+(?:\\s?\\.\\s?[A-Za-z0-9-]+)*)\\s(${TLDS})\\b`, 'gi'),
    (_, host: string, tld: string) => `${host}.${tld}`,
  );
  t = t.replace(/\.\s?ac\b/gi, '.ae').replace(/\.\s?c(?:orn|0m|om)\b/gi, '.com');
  // "david petrova@…": the words before the local part, when lower case and not a label.
  t = t.replace(
    /(^|[\s:|])((?:[a-z][a-z0-9_-]*\s){1,2})([a-z0-9][a-z0-9._%+-]*\s?@)/g,
    (all, lead: string, words: string, local: string) => {
      const parts = words.trim().split(/\s+/);
      if (parts.some((w) => EMAIL_LABEL.test(w))) return all;
      return `${lead}${parts.join('.')}.${local}`;
    },
  );
  return t;
}

/** E-mails with the spaces OCR puts around "@" and "." removed; lower case. */
function findEmails(text: string): string[] {
  const found = text.split('\n').map(repairEmailLine).join('\n').match(EMAIL_RE) ?? [];
  return found.map((e) => e.replace(/\s/g, '').replace(/,/g, '.').toLowerCase().replace(/\.$/, ''));
}

/** Phone numbers in E.164: UAE by default, so "050 123 4567" and "04 123 4567" are read too. */
export function findPhones(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    if (EMAIL_RE.test(raw)) {
      EMAIL_RE.lastIndex = 0;
      continue;
    }
    EMAIL_RE.lastIndex = 0;
    // Letters that OCR mistakes for digits, only inside runs that are otherwise numeric.
    let line = normaliseDigits(raw).replace(/(?<=[\d+\s()-])[Oo](?=[\d\s()-])/g, '0');
    line = line.replace(/(?<=[\d\s])[lI|](?=\d)/g, '1');
    // A short group of digit-shaped letters between digit groups of a number ("+971 4 BOO 6375").
    if ((line.match(/\d/g)?.length ?? 0) >= 6)
      line = line.replace(/(?<=\d[\s.-])[0-9OoDBSZIl|]{2,4}(?=[\s.-]\d)/g, (g) =>
        /[A-Za-z|]/.test(g)
          ? g.replace(/[OoD]/g, '0').replace(/B/g, '8').replace(/S/g, '5').replace(/Z/g, '2').replace(/[Il|]/g, '1')
          : g,
      );
    // The "+" of "+971" read as a 4 ("+4971 4…", "4971 4…"): only when what is left is a whole UAE number.
    line = line.replace(/(?:\+\s?)?4\s?(971[\d\s.-]{8,16})/g, (all, rest: string) => {
      const digits = rest.replace(/\D/g, '');
      return /^971(?:[2-79]\d{7}|5\d{8})$/.test(digits) ? `+${rest}` : all;
    });
    // "+971 (0) 50…" writes the trunk zero beside the country code.
    line = line
      .replace(/\+\s?9\s?7\s?1(?=[\s\d(-])/g, '+971')
      .replace(/\+\s?971\s*\(?0\)?\s*/g, '+971 ')
      .replace(/\b00\s?971/g, '+971');
    for (const m of findPhoneNumbersInText(line, { defaultCountry: DEFAULT_PHONE_COUNTRY })) {
      if (!out.includes(m.number.number)) out.push(m.number.number);
    }
  }
  return out;
}

function findWebsite(text: string, emails: string[]): string {
  const emailParts = new Set(emails.flatMap((e) => [e, e.split('@')[1] ?? '']));
  for (const line of text.split('\n')) {
    if (line.includes('@')) continue;
    // OCR doubles or splits the w's and reads the dot after them as a comma or a space.
    const raw = line
      .replace(/\b[wW]{2,5}\s?[.,]?\s?(?=[A-Za-z0-9-]{2,}\s?[.,]?\s?[a-z]{2,})/g, 'www.')
      .replace(
        new RegExp(`(www\\.\\s?[A-Za-z0-9-]{2,})\\s(${TLDS})\\b`, 'gi'),
        (_, host: string, tld: string) => `${host}.${tld}`,
      )
      .replace(/\.\s?ac\b/gi, '.ae')
      .replace(/\.\s?c(?:orn|0m)\b/gi, '.com');
    for (const m of raw.match(WEB_RE) ?? []) {
      const site = m
        .replace(/\s/g, '')
        .replace(/^https?:\/\//i, '')
        .replace(/\/$/, '')
        .toLowerCase();
      // A bare domain that is only an e-mail's domain is not printed as a website.
      if (emailParts.has(site) && !/^www\./.test(site)) continue;
      if (site.split('.').length < 2) continue;
      return site;
    }
  }
  return '';
}

const lower = (s: string) => s.toLowerCase();

/** Edit distance, for domains that differ by one or two misread letters. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j] ?? 0;
      row[j] = Math.min(cur + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length] ?? 0;
}

/** Letters OCR seldom invents in a domain; a reading with more of them is likelier right. */
const domainScore = (d: string) =>
  d.length - (d.match(/[^a-z0-9.-]/g)?.length ?? 0) * 3 - (d.match(/[cil1]/g)?.length ?? 0) * 0.1;

/**
 * Cards print the company domain twice, in the e-mail and the website. When OCR misread a letter
 * of one of them, the other settles it; a website whose line was read without its dots is taken
 * from the e-mail when its name appears on a line of its own.
 */
function reconcileDomains(fields: ScanFields, text: string): void {
  const email = fields.emails[0];
  const emailDomain = email?.split('@')[1];
  if (!email || !emailDomain) return;
  const site = fields.website.replace(/^www\./, '').split('/')[0] ?? '';
  if (site && site !== emailDomain && distance(site, emailDomain) <= 2) {
    const better = domainScore(site) >= domainScore(emailDomain) ? site : emailDomain;
    fields.emails[0] = email.replace(/@.*/, `@${better}`);
    fields.website = fields.website.replace(site, better);
    return;
  }
  if (!site) {
    const label = emailDomain.split('.')[0] ?? '';
    const printed = text
      .split('\n')
      .some((l) => !l.includes('@') && label.length >= 4 && l.toLowerCase().replace(/\s/g, '').includes(label));
    if (printed) fields.website = `www.${emailDomain}`;
  }
}

const LEGAL_WORDS = new Set([
  'llc',
  'l',
  'c',
  'fz',
  'fze',
  'fzco',
  'dmcc',
  'pjsc',
  'psc',
  'ltd',
  'limited',
  'inc',
  'co',
]);

/**
 * The company's own name, as a domain would spell it: its words run together, one to three at a
 * time ("Falcon Crest Properties" → falcon, falconcrest, falconcrestproperties, crest…).
 */
function companyDomains(companies: readonly string[]): string[] {
  const out = new Set<string>();
  for (const c of companies) {
    const words = c
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w && !LEGAL_WORDS.has(w));
    for (let i = 0; i < words.length; i++)
      for (let n = 1; n <= 3 && i + n <= words.length; n++) {
        const joined = words.slice(i, i + n).join('');
        if (joined.length >= 5) out.add(joined);
      }
  }
  return [...out];
}

/**
 * A domain name one or two letters away from the company printed large on the same card is that
 * company's name misread in the small print ("faiconcrest" beside "Falcon Crest Properties").
 */
function domainFromCompany(domain: string, candidates: readonly string[]): string {
  const [label = '', ...rest] = domain.split('.');
  if (label.length < 5 || candidates.includes(label)) return domain;
  let best = '';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = distance(label, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance >= 1 && bestDistance <= Math.min(2, Math.floor(label.length / 5))
    ? [best, ...rest].join('.')
    : domain;
}

/**
 * An address's local part is usually made of the person's name, printed large above it: a part one
 * letter away from a word of the name is that word misread ("rashid.gasim" under "Rashid Qasim").
 */
function localFromName(local: string, name: string): string {
  const words = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 4);
  return local.replace(/[a-z]{4,}/g, (part) => {
    if (words.includes(part)) return part;
    const near = words.find((w) => distance(part, w) === 1);
    return near ?? part;
  });
}

export function isTitleLine(text: string): boolean {
  const t = lower(text);
  if (ARABIC_LETTER.test(text)) return TITLE_AR_WORDS.some((w) => text.includes(w));
  return TITLE_WORDS.some((w) => new RegExp(`\\b${w}\\b`, 'i').test(t));
}

export function isCompanyLine(text: string): boolean {
  if (ARABIC_LETTER.test(text) && COMPANY_AR_WORDS.some((w) => text.includes(w))) return true;
  return COMPANY_SUFFIXES.some((s) =>
    new RegExp(`(^|[\\s,.(])${s.replace(/[.]/g, '\\.')}($|[\\s,.)])`, 'i').test(text),
  );
}

/** LLC, FZE, ذ.م.م…: a registered company, never a job title. */
function hasLegalSuffix(text: string): boolean {
  return (
    /(^|[\s,.(])(?:L\.?L\.?C\.?|FZ-?LLC|FZE|FZCO|DMCC|PJSC|Ltd|Inc|Bank)($|[\s,.)])/i.test(text) ||
    /ذ\.?\s?م\.?\s?م|بنك|مصرف|شركة/.test(text)
  );
}

function isContactLine(text: string): boolean {
  return (
    /@|www\.|https?:|\.com\b|\.ae\b/i.test(text) ||
    (normaliseDigits(text).match(/\d/g)?.length ?? 0) >= 4 ||
    BRN_RE.test(text) ||
    ORN_RE.test(text)
  );
}

const NAME_WORD = /^(?:[A-Z][a-z'’-]+|[A-Z]{2,}|Al|al|Al-|bin|Bin|bint|Bint|Abu|El|el|de|van|Mc[A-Z][a-z]+|[A-Z]\.)$/;
/** A person's name in Latin letters: 2–4 capitalised words, no digits or symbols. */
export function looksLikeName(text: string): boolean {
  const t = clean(text.replace(/[|«»"]/g, ''));
  if (!t || /[\d@/:]/.test(t) || ARABIC_LETTER.test(t)) return false;
  const words = t.split(' ');
  if (words.length < 2 || words.length > 4) return false;
  if (!words.every((w) => NAME_WORD.test(w) || /^Al-[A-Z][a-z]+$/.test(w))) return false;
  // All capitals is fine (many cards print names that way), but short all-caps words like "LLC" are not names.
  return !isTitleLine(t) && !isCompanyLine(t) && !isAddressLine(t) && t.replace(/[^A-Za-z]/g, '').length >= 5;
}

/** An Arabic name: 2–5 Arabic words, nothing else. */
export function looksLikeArabicName(text: string): boolean {
  const t = clean(text.replace(/[|«»"ـ]/g, ''));
  if (!t || /[\d@]/.test(t) || LATIN_LETTER.test(t)) return false;
  const words = t.split(' ');
  if (words.length < 2 || words.length > 5 || !words.every((w) => /^[\u0621-\u064A\u0671-\u06D3]+$/.test(w)))
    return false;
  return !isTitleLine(t) && !isCompanyLine(t) && !isAddressLine(t) && t.length >= 6;
}

const AR_SKELETON: Record<string, string> = {
  ب: 'b',
  ت: 't',
  ث: 't',
  ج: 'j',
  ح: 'h',
  خ: 'k',
  د: 'd',
  ذ: 'd',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 's',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  غ: 'g',
  ف: 'f',
  ق: 'k',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
};
/** The consonants of a name as both scripts write them, so "صالح" and "Saleh" both give "slh". */
export function nameSkeleton(name: string): string {
  if (ARABIC_LETTER.test(name)) return [...name].map((c) => AR_SKELETON[c] ?? '').join('');
  return name
    .toLowerCase()
    .replace(/sh|ch/g, 's')
    .replace(/kh|q|c/g, 'k')
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/gh/g, 'g')
    .replace(/[^bdfghjklmnprstvz]/g, '')
    .replace(/(.)\1+/g, '$1');
}

/** Proper case for names printed in capitals ("AHMED AL MANSOURI" → "Ahmed Al Mansouri"). */
function properCase(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

const EMPTY: ScanFields = {
  name: '',
  nameAr: '',
  title: '',
  company: '',
  phones: [],
  emails: [],
  website: '',
  address: '',
  brn: '',
  orn: '',
};

/** Strips OCR debris from a line's ends: bullets, pipes, stray punctuation. */
function tidy(text: string): string {
  let t = text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  // An Arabic line with a stray Latin letter pair is OCR noise from a logo or a descender.
  if ((t.match(/[\u0621-\u064A]/g)?.length ?? 0) >= 4 && (t.match(/[A-Za-z]/g)?.length ?? 0) <= 3)
    t = t.replace(/(^|\s)[A-Za-z]{1,3}(?=\s|$)/g, ' ');
  // A lone Arabic letter at either end of a line of Arabic words is a speck read as a letter: no
  // Arabic word of a name or title is one letter long ("م سارة حداد").
  if (/^[\u0621-\u064A\s]+$/.test(t.trim()) && t.trim().split(/\s+/).length >= 3)
    t = t.trim().replace(/^[\u0621-\u064A]\s+|\s+[\u0621-\u064A]$/g, '');
  return clean(t.replace(/^[^\p{L}\p{N}+(]+/u, '').replace(/[^\p{L}\p{N}.)]+$/u, ''));
}

/**
 * The fields of one card from the lines of all its sides. English and Arabic sides are paired:
 * the English name and company come from whichever side prints them, the Arabic name likewise.
 */
export function extractFields(lines: readonly OcrLine[]): Extraction {
  const fields: ScanFields = { ...EMPTY, phones: [], emails: [] };
  const confidence = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, 0])) as ScanConfidence;
  const rows = lines.map((l) => ({ ...l, text: tidy(l.text) })).filter((l) => l.text.length > 1);
  const all = rows.map((l) => l.text).join('\n');
  const lineOf = (pred: (t: string) => boolean) => rows.find((l) => pred(l.text));

  fields.emails = [...new Set(findEmails(all))];
  if (fields.emails.length)
    confidence.emails = conf(
      lineOf((t) => t.includes('@')),
      0.98,
    );
  fields.phones = findPhones(rows.map((l) => l.text.replace(BRN_RE, '').replace(ORN_RE, '')).join('\n'));
  if (fields.phones.length)
    confidence.phones = conf(
      lineOf((t) => /\d{3}/.test(normaliseDigits(t))),
      0.95,
    );
  fields.website = findWebsite(all, fields.emails);

  const ascii = normaliseDigits(all);
  const brn = ascii.match(BRN_RE)?.[1] ?? ascii.match(BRN_AR_RE)?.[1];
  if (brn) {
    fields.brn = brn;
    confidence.brn = conf(
      lineOf((t) => normaliseDigits(t).includes(brn)),
      0.95,
    );
  }
  const orn = ascii.match(ORN_RE)?.[1] ?? ascii.match(ORN_AR_RE)?.[1];
  if (orn) {
    fields.orn = orn;
    confidence.orn = conf(
      lineOf((t) => normaliseDigits(t).includes(orn)),
      0.95,
    );
  }

  const free = rows.filter((l) => !isContactLine(l.text));
  // "Senior Property Consultant" holds a sector word but is a title; a legal suffix makes it a company.
  const title =
    free.find((l) => LATIN_LETTER.test(l.text) && isTitleLine(l.text) && !hasLegalSuffix(l.text)) ??
    free.find((l) => isTitleLine(l.text) && !hasLegalSuffix(l.text));
  if (title) {
    fields.title = title.text;
    confidence.title = conf(title, 0.85);
  }
  const companyEn = free.find(
    (l) => l !== title && LATIN_LETTER.test(l.text) && !ARABIC_LETTER.test(l.text) && isCompanyLine(l.text),
  );
  const companyAr = free.find((l) => l !== title && ARABIC_LETTER.test(l.text) && isCompanyLine(l.text));
  const company = companyEn ?? companyAr;
  if (company) {
    fields.company = company.text;
    confidence.company = conf(company, 0.85);
  }

  // The name is the largest qualifying line; without sizes, the first one (names lead on cards).
  const byHeight = <T extends OcrLine>(list: T[]) =>
    [...list].sort((a, b) => (b.height ?? 0) - (a.height ?? 0) || list.indexOf(a) - list.indexOf(b));
  const names = byHeight(free.filter((l) => l !== title && l !== company && looksLikeName(l.text)));
  if (names[0]) {
    fields.name = properCase(names[0].text);
    confidence.name = conf(names[0], names.length === 1 ? 0.9 : 0.75);
  }
  let arNames = byHeight(free.filter((l) => l !== title && l !== companyAr && looksLikeArabicName(l.text)));
  // Two readings of the Arabic name (two sides, or two passes): the one that sounds like the English name.
  if (arNames.length > 1 && fields.name) {
    const en = nameSkeleton(fields.name);
    const far = (l: OcrLine) => distance(nameSkeleton(l.text).replace(/(.)\1+/g, '$1'), en);
    arNames = [...arNames].sort((a, b) => far(a) - far(b));
  }
  if (arNames[0]) {
    fields.nameAr = arNames[0].text;
    confidence.nameAr = conf(arNames[0], arNames.length === 1 ? 0.85 : 0.65);
  }
  // A card with only an Arabic company still has a company; an English one is preferred for the book.
  if (!fields.company && companyAr) fields.company = companyAr.text;

  // The large print (name, company) checks the small print (e-mail, website) made of it.
  const domains = companyDomains(
    free.filter((l) => LATIN_LETTER.test(l.text) && isCompanyLine(l.text)).map((l) => l.text),
  );
  fields.emails = [
    ...new Set(
      fields.emails.map((e) => {
        const [local = '', host = ''] = e.split('@');
        return `${fields.name ? localFromName(local, fields.name) : local}@${domainFromCompany(host, domains)}`;
      }),
    ),
  ];
  if (fields.website) {
    const host = fields.website.replace(/^www\./, '').split('/')[0] ?? '';
    const better = domainFromCompany(host, domains);
    if (better !== host) fields.website = fields.website.replace(host, better);
  }
  reconcileDomains(fields, all);
  if (fields.website)
    confidence.website = conf(
      lineOf((t) => t.toLowerCase().includes(fields.website.slice(0, 6))),
      0.9,
    );

  const address = rows.find((l) => isAddressLine(l.text) && !l.text.includes('@') && l !== company);
  if (address) {
    fields.address = address.text.replace(CONTACT_LABEL_RE, '');
    confidence.address = conf(address, 0.7);
  }
  return { fields, confidence };
}

/** Lines from plain text (each line fully confident): for tests and for text an AI model returns. */
export function linesOf(text: string): OcrLine[] {
  return text.split('\n').map((t) => ({ text: t }));
}
