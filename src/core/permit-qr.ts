/**
 * The regulator's QR on an advertising permit: which links we accept for a listing in each emirate.
 * The server decodes the lister's upload and keeps only the link; every page and image re-draws the
 * code from that link. The web form uses the same rule to explain a refusal before anyone prints.
 *
 * A permit's QR opens the regulator's own page for the permit, so the link must be on the
 * regulator's domain (or a subdomain of it) for the listing's emirate: a code that opens anything
 * else is a code any lister could print, and proves nothing.
 */

/**
 * The regulators' domains, per emirate (listing city). Dubai: the Dubai Land Department, whose
 * Trakheesi permits link to trakheesi.dubailand.gov.ae (dld.gov.ae is its short domain). Abu Dhabi:
 * the Abu Dhabi Real Estate Centre and its Madhmoun listing check. Other emirates publish no permit
 * QR we know of, so a QR there is refused rather than accepted on trust.
 */
export const PERMIT_QR_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  Dubai: ['dubailand.gov.ae', 'dld.gov.ae'],
  'Abu Dhabi': ['adrec.gov.ae', 'madhmoun.ae'],
};

/** A link longer than this is no permit page; the QR is refused as not the regulator's. */
export const PERMIT_QR_LINK_MAX = 1000;

/**
 * Query parameters that name the permit in a regulator's link. DLD's current links carry an
 * encrypted token instead, so a link without any of these is accepted on its domain alone.
 */
const PERMIT_PARAM =
  /^(permit|permitno|permitnumber|permit_number|permitnum|trakheesi|trakheesino|madhmoun|madmoun|advertisementnumber|adnumber|listingpermit|permitid)$/i;

export type PermitQrRefusal =
  /** The listing's emirate has no regulator QR we check. */
  | 'PERMIT_QR_EMIRATE_UNSUPPORTED'
  /** Not an http(s) link on the emirate's regulator domain. */
  | 'PERMIT_QR_WRONG_DOMAIN'
  /** The link names a permit number other than the listing's. */
  | 'PERMIT_QR_NUMBER_MISMATCH'
  /** The listing has no permit number to check the QR against. */
  | 'PERMIT_NUMBER_FIRST';

export type PermitQrCheck =
  | { ok: true; link: string; numberInLink: string | null }
  | { ok: false; code: PermitQrRefusal; numberInLink?: string | null };

/** Permit numbers compared as the regulators print them: case, spaces and dashes do not matter. */
const normal = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/** True when `host` is `domain` or one of its subdomains (never a look-alike such as evil-dubailand.gov.ae). */
export function onDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === domain || h.endsWith(`.${domain}`);
}

/** The permit number the link names in a query parameter, or null when it names none. */
export function permitNumberInLink(url: URL): string | null {
  for (const [key, value] of url.searchParams) {
    if (PERMIT_PARAM.test(key.replace(/[\s.-]/g, '')) && value.trim()) return value.trim();
  }
  return null;
}

/**
 * Whether a decoded QR text is an acceptable permit link for a listing in `city` with `permitNumber`.
 * The number is checked only where the link carries one (as a named query parameter).
 */
export function checkPermitLink(text: string, city: string | null, permitNumber: string | null): PermitQrCheck {
  const domains = city ? PERMIT_QR_DOMAINS[city] : undefined;
  if (!domains) return { ok: false, code: 'PERMIT_QR_EMIRATE_UNSUPPORTED' };
  if (!permitNumber?.trim()) return { ok: false, code: 'PERMIT_NUMBER_FIRST' };
  const link = text.trim();
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { ok: false, code: 'PERMIT_QR_WRONG_DOMAIN' };
  }
  const wellFormed =
    link.length <= PERMIT_QR_LINK_MAX &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    // user:pass@ in a link is the classic way to make one host look like another.
    !url.username &&
    !url.password &&
    !url.port;
  if (!wellFormed || !domains.some((d) => onDomain(url.hostname, d)))
    return { ok: false, code: 'PERMIT_QR_WRONG_DOMAIN' };
  const numberInLink = permitNumberInLink(url);
  if (numberInLink !== null && normal(numberInLink) !== normal(permitNumber))
    return { ok: false, code: 'PERMIT_QR_NUMBER_MISMATCH', numberInLink };
  // The link is kept as decoded: the re-drawn code opens exactly what the regulator printed.
  return { ok: true, link, numberInLink };
}
