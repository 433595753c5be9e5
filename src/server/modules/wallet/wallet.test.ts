/**
 * Wallet passes, verified independently of the libraries that make them: a throwaway
 * certificate authority, "WWDR" intermediate and pass certificate are made at test time with
 * node-forge; the .pkpass is unpacked with a separate ZIP reader (tests/helpers/zip.ts), every
 * file's SHA-1 is recomputed against manifest.json, and the detached PKCS#7 signature is checked
 * by hand: its message digest is the manifest's, its signature verifies (Node's crypto) with the
 * pass certificate, and that certificate chains to the test CA through the WWDR certificate.
 * The Google Wallet JWT is verified with jose and the service account's public key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import forge from 'node-forge';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/app';
import { rsaKeys, walletMaterial } from '../../../../tests/helpers/wallet-certs';
import { readZip } from '../../../../tests/helpers/zip';
import { ConfigError, loadConfig } from '../../config';
import { businessCards } from '../../db/schema';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-wallet-'));
const { root, google, env: walletEnv, write } = walletMaterial(dir);
const stranger = rsaKeys('pkcs8');

let t: TestApp;
let id: string;
let link: string;

async function approvedCard(app: TestApp, payload: Record<string, unknown>): Promise<string> {
  const owner = await app.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
  const created = await app.inject({ method: 'POST', url: '/api/business-cards', payload, as: owner });
  const cardId = created.json().id as string;
  const admin = await app.signInAdmin();
  await app.inject({
    method: 'PATCH',
    url: `/api/admin/business-cards/${cardId}/status`,
    payload: { status: 'approved', version: created.json().version },
    as: admin,
  });
  return cardId;
}

beforeAll(async () => {
  t = await createTestApp({ env: walletEnv });
  id = await approvedCard(t, { name: 'Layla Haddad', profession: 'Property Consultant', company: 'Marina Homes' });
  link = `http://bitaqa.test/cards/${id}?src=qr`;
});

/** The DER bytes of a forge ASN.1 node. */
const der = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');

/**
 * Checks a detached PKCS#7 SignedData over `content` (RFC 2315 §9): returns the signer's
 * certificate after proving the digest, the signature and the chain to `ca`.
 */
function verifyDetachedSignature(signature: Buffer, content: Buffer, ca: forge.pki.Certificate) {
  const asn1 = forge.asn1.fromDer(signature.toString('binary'));
  const msg = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { signerInfos: forge.asn1.Asn1[]; content?: unknown };
  };
  // Detached: the manifest is not inside the signature.
  expect(msg.rawCapture.content).toBeUndefined();
  expect(msg.rawCapture.signerInfos).toHaveLength(1);
  const info = (msg.rawCapture.signerInfos[0].value as forge.asn1.Asn1[]).filter(Boolean);
  // SignerInfo: version, issuerAndSerialNumber, digestAlgorithm, [0] authenticatedAttributes,
  // digestEncryptionAlgorithm, encryptedDigest.
  const [, issuerAndSerial, digestAlgorithm, attributes, , encryptedDigest] = info;
  expect(forge.asn1.derToOid((digestAlgorithm.value as forge.asn1.Asn1[])[0].value as string)).toBe(
    forge.pki.oids.sha1,
  );
  const certs = msg.certificates;
  const serial = ((issuerAndSerial.value as forge.asn1.Asn1[])[1].value as string)
    .split('')
    .map((c) => c.charCodeAt(0).toString(16).padStart(2, '0'))
    .join('');
  const signerCert = certs.find((c) => c.serialNumber === serial.replace(/^00/, ''));
  if (!signerCert) throw new Error('the signer certificate is not in the signature');

  // The message-digest attribute is the SHA-1 of the manifest.
  const attrs = attributes.value as forge.asn1.Asn1[];
  const byOid = (oid: string) =>
    attrs.find((a) => forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0].value as string) === oid);
  const digestAttr = byOid(forge.pki.oids.messageDigest);
  if (!digestAttr) throw new Error('no message-digest attribute');
  const digest = ((digestAttr.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as string;
  expect(Buffer.from(digest, 'binary').toString('hex')).toBe(crypto.createHash('sha1').update(content).digest('hex'));
  expect(byOid(forge.pki.oids.signingTime)).toBeDefined();

  // The signature covers the attributes DER-encoded as a SET OF (RFC 2315 §9.3).
  const signed = der(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs));
  const ok = crypto.verify(
    'sha1',
    signed,
    forge.pki.publicKeyToPem(signerCert.publicKey),
    Buffer.from(encryptedDigest.value as string, 'binary'),
  );
  expect(ok).toBe(true);

  // Chain: pass certificate ← WWDR (included in the signature) ← test root.
  const intermediate = certs.find((c) => c.subject.hash === signerCert.issuer.hash);
  if (!intermediate) throw new Error('the WWDR certificate is not in the signature');
  expect(intermediate.verify(signerCert)).toBe(true);
  expect(ca.verify(intermediate)).toBe(true);
  const store = forge.pki.createCaStore([ca]);
  expect(forge.pki.verifyCertificateChain(store, [signerCert, intermediate, ca])).toBe(true);
  return signerCert;
}

/** pass.strings: `"key" = "value";` lines (UTF-8 or UTF-16 with a byte order mark). */
function parseStrings(file: Buffer): Record<string, string> {
  const text =
    file[0] === 0xff && file[1] === 0xfe
      ? file.subarray(2).toString('utf16le')
      : file.toString('utf8').replace(/^\uFEFF/, '');
  return Object.fromEntries(
    [...text.matchAll(/"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;/g)].map((m) => [m[1], m[2]]),
  );
}

describe('Apple Wallet pass', () => {
  it('is a signed .pkpass whose manifest, signature and barcode check out independently', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/wallet/apple` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toContain('Layla_Haddad.pkpass');
    const files = readZip(res.rawPayload);
    for (const f of ['pass.json', 'manifest.json', 'signature', 'icon.png', 'icon@2x.png', 'logo.png', 'thumbnail.png'])
      expect(files.has(f), f).toBe(true);

    // manifest.json: the SHA-1 of every other file, and nothing else.
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}') as Record<string, string>;
    const listed = [...files.keys()].filter((f) => f !== 'manifest.json' && f !== 'signature').sort();
    expect(Object.keys(manifest).sort()).toEqual(listed);
    for (const f of listed)
      expect(manifest[f], f).toBe(
        crypto
          .createHash('sha1')
          .update(files.get(f) as Buffer)
          .digest('hex'),
      );

    const signerCert = verifyDetachedSignature(
      files.get('signature') as Buffer,
      files.get('manifest.json') as Buffer,
      forge.pki.certificateFromPem(root.pem),
    );
    expect(signerCert.subject.getField('CN').value).toBe('Pass Type ID: pass.ae.bitaqa.test');

    const pass = JSON.parse(files.get('pass.json')?.toString() ?? '{}');
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.ae.bitaqa.test',
      teamIdentifier: 'AB12CD34EF',
      serialNumber: id,
    });
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: link });
    expect(pass.generic.primaryFields[0]).toMatchObject({ key: 'name', value: 'Layla Haddad' });
    const values = [...pass.generic.secondaryFields].map((f: { value: string }) => f.value);
    expect(values).toEqual(['Property Consultant', 'Marina Homes']);

    // Labels in both languages, the keys of pass.json's labels.
    const en = parseStrings(files.get('en.lproj/pass.strings') as Buffer);
    const ar = parseStrings(files.get('ar.lproj/pass.strings') as Buffer);
    expect(en).toMatchObject({ name: 'Name', company: 'Company', description: 'Business card' });
    expect(ar).toMatchObject({ name: 'الاسم', company: 'الشركة', description: 'بطاقة عمل' });
    for (const f of [...pass.generic.primaryFields, ...pass.generic.secondaryFields]) {
      expect(en[f.label], f.label).toBeTruthy();
      expect(ar[f.label], f.label).toBeTruthy();
    }

    // The images are PNGs of the sizes Wallet asks for (initials: this card has no photo).
    const icon = PNG.sync.read(files.get('icon.png') as Buffer);
    expect([icon.width, icon.height]).toEqual([29, 29]);
    expect(PNG.sync.read(files.get('icon@2x.png') as Buffer).width).toBe(58);
    expect(PNG.sync.read(files.get('thumbnail@2x.png') as Buffer).width).toBe(180);

    // Same version: 304 to the ETag.
    const again = await t.inject({
      method: 'GET',
      url: `/api/business-cards/${id}/wallet/apple`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('Google Wallet save link', () => {
  it('is a JWT signed with the service-account key that holds the card as a generic object', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/wallet/google` });
    expect(res.statusCode).toBe(200);
    const { saveUrl } = res.json() as { saveUrl: string };
    expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const token = saveUrl.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify(token, await importSPKI(google.publicKey, 'RS256'), {
      issuer: 'wallet@bitaqa-test.iam.gserviceaccount.com',
      audience: 'google',
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['http://bitaqa.test']);
    const body = payload.payload as {
      genericClasses: { id: string }[];
      genericObjects: Record<string, unknown>[];
    };
    const object = body.genericObjects[0] as {
      id: string;
      classId: string;
      header: { defaultValue: { value: string } };
      subheader: { defaultValue: { value: string } };
      cardTitle: { defaultValue: { value: string }; translatedValues: { language: string; value: string }[] };
      barcode: { type: string; value: string };
      hexBackgroundColor: string;
    };
    expect(object.id).toBe(`3388000000022222222.${id}`);
    expect(object.classId).toBe(body.genericClasses[0].id);
    expect(object.classId.startsWith('3388000000022222222.')).toBe(true);
    expect(object.header.defaultValue.value).toBe('Layla Haddad');
    expect(object.subheader.defaultValue.value).toBe('Property Consultant · Marina Homes');
    expect(object.cardTitle.translatedValues[0].language).toBe('ar');
    expect(object.barcode).toMatchObject({ type: 'QR_CODE', value: link });
    expect(object.hexBackgroundColor).toMatch(/^#[0-9a-f]{6}$/i);

    // Another key does not verify it: the signature is real.
    await expect(jwtVerify(token, await importSPKI(stranger.publicKey, 'RS256'))).rejects.toThrow();
    expect(decodeJwt(token).iss).toBe('wallet@bitaqa-test.iam.gserviceaccount.com');
  });
});

describe('wallet availability and cards the public cannot see', () => {
  it('says which wallets are configured', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/wallet/availability' });
    expect(res.json()).toEqual({ apple: true, google: true });
  });

  it('answers 404 for a pending card and a hidden one, even to the owner', async () => {
    const owner = await t.signUp({ role: 'investor' });
    const pending = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Pending Person', profession: 'Investor' },
      as: owner,
    });
    const hiddenId = await approvedCard(t, { name: 'Hidden Person', profession: 'Broker' });
    await t.database.db.update(businessCards).set({ isPublic: false }).where(eq(businessCards.id, hiddenId));
    for (const cardId of [pending.json().id as string, hiddenId]) {
      for (const kind of ['apple', 'google']) {
        const res = await t.inject({ method: 'GET', url: `/api/business-cards/${cardId}/wallet/${kind}`, as: owner });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('CARD_NOT_FOUND');
      }
    }
  });

  it('without configuration: both routes 404 with a clear message and availability says no', async () => {
    const bare = await createTestApp();
    const cardId = await approvedCard(bare, { name: 'Omar Saleh', profession: 'Investor' });
    expect((await bare.inject({ method: 'GET', url: '/api/wallet/availability' })).json()).toEqual({
      apple: false,
      google: false,
    });
    const apple = await bare.inject({ method: 'GET', url: `/api/business-cards/${cardId}/wallet/apple` });
    expect(apple.statusCode).toBe(404);
    expect(apple.json()).toMatchObject({ message: 'Apple Wallet is not configured' });
    const googleRes = await bare.inject({ method: 'GET', url: `/api/business-cards/${cardId}/wallet/google` });
    expect(googleRes.statusCode).toBe(404);
    expect(googleRes.json()).toMatchObject({ message: 'Google Wallet is not configured' });
  });
});

describe('wallet configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) };
  const fails = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('is off when nothing is set and on when a whole group is', () => {
    expect(loadConfig(base).applePass).toBeUndefined();
    expect(loadConfig(base).googleWallet).toBeUndefined();
    const full = loadConfig({ ...base, ...walletEnv });
    expect(full.applePass?.passTypeId).toBe('pass.ae.bitaqa.test');
    expect(full.googleWallet?.clientEmail).toBe('wallet@bitaqa-test.iam.gserviceaccount.com');
  });

  it('stops the start when a group is incomplete or a file is wrong', () => {
    expect(fails({ APPLE_PASS_CERT_FILE: walletEnv.APPLE_PASS_CERT_FILE })).toMatch(
      /APPLE_PASS_\*: .*missing APPLE_PASS_KEY_FILE, APPLE_PASS_WWDR_FILE, APPLE_PASS_TYPE_ID, APPLE_PASS_TEAM_ID/,
    );
    expect(fails({ GOOGLE_WALLET_ISSUER_ID: '3388000000022222222' })).toMatch(/missing GOOGLE_WALLET_KEY_FILE/);
    expect(fails({ ...walletEnv, APPLE_PASS_KEY_FILE: path.join(dir, 'nope.key') })).toMatch(
      /APPLE_PASS_KEY_FILE: cannot read .*nope\.key \(ENOENT\)/,
    );
    expect(fails({ ...walletEnv, APPLE_PASS_WWDR_FILE: walletEnv.APPLE_PASS_KEY_FILE })).toMatch(
      /APPLE_PASS_WWDR_FILE: .* is not a PEM certificate/,
    );
    expect(fails({ ...walletEnv, GOOGLE_WALLET_KEY_FILE: write('bad.json', '{"client_email":"x"}') })).toMatch(
      /GOOGLE_WALLET_KEY_FILE: .* is not a service-account key/,
    );
    expect(fails({ ...walletEnv, APPLE_PASS_TEAM_ID: 'short' })).toMatch(/APPLE_PASS_TEAM_ID/);
  });
});
