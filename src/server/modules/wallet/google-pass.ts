/**
 * A "Save to Google Wallet" link of a card: a generic pass object inside a JWT that
 * the service account signs (RS256), as the Google Wallet API's "JWT link" flow asks:
 * https://pay.google.com/gp/v/save/<jwt>. The class travels in the same token, so nothing is set
 * up in Google's console besides the issuer; Google creates or updates both when the link is
 * opened. The object id is fixed per card, so saving again updates the same pass.
 */
import { SignJWT, importPKCS8 } from 'jose';
import type { GoogleWalletConfig } from '../../config';
import type { PassCard } from './apple-pass';
import { PASS_STRINGS, passTexts } from './apple-pass';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** The pass class of every Bitaqa card, under the issuer. */
export const GOOGLE_CLASS_SUFFIX = 'bitaqa_business_card';
const BACKGROUND = '#0f3d3e';

/** Object and class ids allow only [A-Za-z0-9._-] after the issuer id. */
const idPart = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

const localized = (en: string, ar: string) => ({
  defaultValue: { language: 'en', value: en },
  translatedValues: [{ language: 'ar', value: ar }],
});
/** A text in the card's own language, with its other language where that differs. */
const inBoth = (lang: string, value: string, otherLang: string, other: string) => ({
  defaultValue: { language: lang, value },
  ...(other && other !== value ? { translatedValues: [{ language: otherLang, value: other }] } : {}),
});

/** The signed save link. */
export async function googleSaveUrl(
  card: PassCard,
  link: string,
  cardUrl: string,
  google: GoogleWalletConfig,
  origin: string,
): Promise<string> {
  const classId = `${google.issuerId}.${GOOGLE_CLASS_SUFFIX}`;
  const { primary, second, own, other } = passTexts(card);
  const org = own.org;
  const line = (t: typeof own) => (t.org ? `${t.profession} · ${t.org}` : t.profession);
  const object = {
    id: `${google.issuerId}.${idPart(card.id)}`,
    classId,
    state: 'ACTIVE',
    cardTitle: localized(`Bitaqa — ${PASS_STRINGS.en.description}`, `بطاقة — ${PASS_STRINGS.ar.description}`),
    header: inBoth(primary, own.name, second, other.name),
    subheader: inBoth(primary, line(own), second, line(other)),
    textModulesData: [
      { id: 'profession', header: PASS_STRINGS.en.profession, body: own.profession },
      ...(org ? [{ id: 'company', header: PASS_STRINGS.en.company, body: org }] : []),
    ],
    linksModuleData: { uris: [{ id: 'card', uri: cardUrl, description: PASS_STRINGS.en.link }] },
    barcode: { type: 'QR_CODE', value: link, alternateText: own.name },
    hexBackgroundColor: BACKGROUND,
  };
  const key = await importPKCS8(google.privateKey, 'RS256');
  return (
    GOOGLE_SAVE_URL +
    (await new SignJWT({
      typ: 'savetowallet',
      origins: [origin],
      payload: { genericClasses: [{ id: classId }], genericObjects: [object] },
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(google.clientEmail)
      .setAudience('google')
      .setIssuedAt()
      .sign(key))
  );
}
