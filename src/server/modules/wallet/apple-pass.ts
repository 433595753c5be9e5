/**
 * An Apple Wallet pass of a card: a generic .pkpass with the name, profession and
 * company, the photo or initials, and a QR of the card link; labels in English and Arabic
 * (en.lproj / ar.lproj pass.strings, chosen by the phone's language). passkit-generator writes
 * manifest.json (SHA-1 of every file) and signs it: a detached PKCS#7 signature with the pass
 * type certificate, carrying Apple's WWDR certificate so Wallet can follow the chain
 * (docs/decisions/012-wallet-and-print.md).
 */
import { PKPass } from 'passkit-generator';
import type { Card } from '../../../core/schemas/card';
import type { ApplePassConfig } from '../../config';
import type { ObjectStore } from '../../platform/storage/object-store';
import { cardMark } from '../cards/card-mark';
import { cardOrganisation } from '../cards/head';
import { cardText, otherLanguage, primaryLanguageOf } from '../../../core/card-text';
import type { UiLanguage } from '../../../core/enums';

export type PassCard = Pick<Card, 'id' | 'name' | 'profession' | 'company' | 'bankName' | 'profileImageUrl'> &
  Partial<Pick<Card, 'primaryLanguage' | 'translations'>>;

/**
 * The card's name, profession and company in its own language, and the same in its other language
 * where written: a pass shows the one, and the phone's language picks the other.
 */
export function passTexts(card: PassCard) {
  const primary = primaryLanguageOf(card);
  const second = otherLanguage(primary);
  const text = (lang: UiLanguage) => {
    const t = cardText(card, lang);
    return { name: t.name, profession: t.profession, org: cardOrganisation({ ...card, company: t.company }, lang) };
  };
  return { primary, second, own: text(primary), other: text(second) };
}

/** The pass's labels; the keys appear in pass.json and each language's pass.strings. */
export const PASS_STRINGS = {
  en: {
    description: 'Business card',
    name: 'Name',
    profession: 'Profession',
    company: 'Company',
    link: 'Card link',
    scan: 'Scan to open the card',
  },
  ar: {
    description: 'بطاقة عمل',
    name: 'الاسم',
    profession: 'المهنة',
    company: 'الشركة',
    link: 'رابط البطاقة',
    scan: 'امسح الرمز لفتح البطاقة',
  },
} as const;

/** Image sizes (points × scale) that Wallet asks of a generic pass. */
const IMAGES: [file: string, size: number, shape: 'circle' | 'rounded'][] = [
  ['icon.png', 29, 'rounded'],
  ['icon@2x.png', 58, 'rounded'],
  ['icon@3x.png', 87, 'rounded'],
  ['logo.png', 50, 'circle'],
  ['logo@2x.png', 100, 'circle'],
  ['thumbnail.png', 90, 'rounded'],
  ['thumbnail@2x.png', 180, 'rounded'],
];

/** Builds and signs the .pkpass; `link` is what the barcode opens. */
export async function buildApplePass(
  card: PassCard,
  link: string,
  cardUrl: string,
  apple: ApplePassConfig,
  store: ObjectStore,
): Promise<Buffer> {
  const { second, own, other } = passTexts(card);
  const org = own.org;
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeId,
    teamIdentifier: apple.teamId,
    // One pass per card: adding it again replaces the earlier copy on the phone.
    serialNumber: card.id,
    organizationName: 'Bitaqa',
    description: 'description',
    logoText: 'Bitaqa',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(240, 199, 94)',
    backgroundColor: 'rgb(15, 61, 62)',
    generic: {
      primaryFields: [{ key: 'name', label: 'name', value: own.name }],
      secondaryFields: [
        { key: 'profession', label: 'profession', value: own.profession },
        ...(org ? [{ key: 'company', label: 'company', value: org }] : []),
      ],
      backFields: [{ key: 'link', label: 'link', value: cardUrl }],
    },
    barcodes: [{ format: 'PKBarcodeFormatQR', message: link, messageEncoding: 'iso-8859-1', altText: 'scan' }],
  };
  const buffers: Record<string, Buffer> = { 'pass.json': Buffer.from(JSON.stringify(passJson)) };
  const marks = new Map<string, Buffer>();
  for (const [file, size, shape] of IMAGES) {
    const key = `${size}-${shape}`;
    if (!marks.has(key)) marks.set(key, await cardMark(card, store, { size, shape }));
    buffers[file] = marks.get(key) as Buffer;
  }
  const pass = new PKPass(buffers, {
    wwdr: apple.wwdr,
    signerCert: apple.signerCert,
    signerKey: apple.signerKey,
    signerKeyPassphrase: apple.signerKeyPassphrase,
  });
  // A field's value is looked up in the phone's language's pass.strings like its label: the
  // card's other language maps its own-language text to the translation (unmapped text shows as is).
  const translated: Record<string, string> = {};
  for (const key of ['name', 'profession', 'org'] as const) {
    const from = own[key];
    const to = other[key];
    if (from && to && from !== to && !(from in PASS_STRINGS[second])) translated[from] = to;
  }
  for (const [lang, strings] of Object.entries(PASS_STRINGS)) {
    pass.localize(lang, { ...(lang === second ? translated : {}), ...strings });
  }
  return pass.getAsBuffer();
}
