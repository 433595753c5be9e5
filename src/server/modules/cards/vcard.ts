/**
 * The card as a vCard 3.0 file, the version every phone's contacts app reads. A bilingual card
 * gives its name, title and company in its own language first (what contacts apps show) and again
 * in the other language with a LANGUAGE parameter, which vCard 3.0 allows on these text types
 * (4.0's ALTID would group them more precisely, but phones' importers read 3.0 reliably). The
 * card's photo goes in as an embedded JPEG.
 * vcard-creator does the RFC 2426 escaping (\ , ; newline) and folds lines at 75 octets with
 * CRLF without splitting UTF-8 characters; vcard.test.ts parses its output back with ical.js.
 */
import VCard from 'vcard-creator';
import { fullPhone } from '../../../core/card-contact';
import { fileStem } from '../../../core/format';
import type { BusinessCard } from '../../db/schema';
import { enumLabel } from '../../platform/ai/labels';
import { cardText, otherLanguage, primaryLanguageOf, writtenText } from '../../../core/card-text';

type VCardSource = Partial<Pick<BusinessCard, 'primaryLanguage' | 'translations'>> &
  Pick<
    BusinessCard,
    | 'name'
    | 'profession'
    | 'company'
    | 'bankName'
    | 'phone'
    | 'countryCode'
    | 'email'
    | 'officeAddress'
    | 'area'
    | 'emirate'
    | 'professionalBio'
    | 'description'
    | 'socialLinks'
  >;

function textFields(c: VCardSource): VCardSource {
  const opt = (v: string | null) => (v === null ? null : text(v));
  return {
    ...c,
    name: text(c.name),
    profession: text(c.profession),
    company: opt(c.company),
    officeAddress: opt(c.officeAddress),
    area: opt(c.area),
    professionalBio: opt(c.professionalBio),
    description: opt(c.description),
  };
}

/** "Ahmed Al Mansoori" → given "Ahmed", family "Al Mansoori". */
export function splitName(name: string): { givenName: string; familyName: string } {
  const parts = name.trim().split(/\s+/);
  return { givenName: parts[0] ?? '', familyName: parts.slice(1).join(' ') };
}

/** Values vcard-creator writes without escaping (URIs, phone, e-mail) never carry line breaks. */
const clean = (v: string) =>
  Array.from(v)
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
    .join('');

/**
 * Text values: vcard-creator escapes \n but writes a bare \r as is, which a contacts app reads as
 * a line break starting a new property. Every CR or CRLF becomes \n.
 */
const text = (v: string) => v.replace(/\r\n?/g, '\n');

/** A text value written by hand (vcard-creator escapes only its own properties). */
const escapeValue = (v: string) =>
  text(v).replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');

export interface VCardExtras {
  /** The card's photo as JPEG bytes, embedded as PHOTO. */
  photoJpeg?: Buffer | null;
}

export function buildVCard(input: VCardSource, cardUrl: string, extras: VCardExtras = {}): string {
  const primary = primaryLanguageOf(input);
  const second = otherLanguage(primary);
  // The card's own language, each empty field filled from the other (the rule of every card view).
  const own = cardText(input, primary);
  const card = textFields({ ...input, ...own, officeAddress: own.officeAddress, description: own.description });
  const alt = writtenText(input, second);
  const v = new VCard();
  const { givenName, familyName } = splitName(card.name);
  // FN first: addName would otherwise derive it as "given family".
  v.addFullName(card.name.trim());
  v.addName({ givenName, familyName });
  const org = card.company || (card.bankName ? enumLabel(primary, 'bank', card.bankName) : null);
  if (org) v.addCompany({ name: org });
  v.addJobtitle(card.profession);
  // The same person in the card's other language, marked with that language.
  const lang = `LANGUAGE=${second}`;
  if (alt.name && alt.name.trim() !== card.name.trim()) {
    const n = splitName(alt.name);
    v.addCustomProperty({ name: 'FN', params: lang, value: escapeValue(alt.name.trim()) });
    v.addCustomProperty({
      name: 'N',
      params: lang,
      value: [n.familyName, n.givenName, '', '', ''].map(escapeValue).join(';'),
    });
  }
  const altOrg = alt.company || (!input.company && card.bankName ? enumLabel(second, 'bank', card.bankName) : null);
  if (altOrg && altOrg !== org) v.addCustomProperty({ name: 'ORG', params: lang, value: escapeValue(altOrg) });
  if (alt.profession && alt.profession !== card.profession) {
    v.addCustomProperty({ name: 'TITLE', params: lang, value: escapeValue(alt.profession) });
  }
  if (extras.photoJpeg?.length) v.addPhoto({ image: extras.photoJpeg.toString('base64'), mime: 'JPEG' });
  const tel = fullPhone(card.phone, card.countryCode);
  if (tel) v.addPhoneNumber({ number: clean(tel), type: ['cell', 'voice'] });
  if (card.email) v.addEmail({ address: clean(card.email), type: ['internet', 'work'] });
  v.addUrl({ url: clean(cardUrl), type: ['work'] });
  if (card.officeAddress || card.area || card.emirate) {
    v.addAddress({
      street: card.officeAddress ?? '',
      locality: card.area ?? '',
      region: card.emirate ? enumLabel('en', 'emirate', card.emirate) : '',
      country: 'United Arab Emirates',
      type: ['work'],
    });
  }
  const note = card.professionalBio || card.description;
  if (note) v.addNote(note);
  const social = card.socialLinks ?? {};
  if (social.website) v.addUrl({ url: clean(social.website), type: ['home'] });
  for (const network of ['linkedin', 'twitter', 'instagram'] as const) {
    const url = social[network];
    if (url) v.addCustomProperty({ name: 'X-SOCIALPROFILE', params: `type=${network}`, value: clean(url) });
  }
  return v.toString();
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987). */
export function attachmentHeader(name: string, suffix: string): string {
  const full = `${fileStem(name)}${suffix}`;
  const ascii = full.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const fallback = /[A-Za-z0-9]/.test(ascii.replace(suffix, '')) ? ascii : `contact${suffix}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}
