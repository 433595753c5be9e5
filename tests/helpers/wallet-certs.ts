/**
 * Throwaway signing material for wallet passes, made at test time with node-forge and
 * Node's key generator: a root CA, a "WWDR" intermediate it signs, a pass certificate the
 * intermediate signs, and a Google service-account key, written as the files the APPLE_PASS_*
 * and GOOGLE_WALLET_* variables name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export function rsaKeys(format: 'pkcs1' | 'pkcs8' = 'pkcs1') {
  return crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: format, format: 'pem' },
  });
}

export interface Issued {
  cert: forge.pki.Certificate;
  pem: string;
  keyPem: string;
}

/** A certificate for `cn`, signed by `issuer` (or by itself), with its own new key. */
export function issue(cn: string, issuer: Issued | null, ca: boolean): Issued {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: cn },
    { name: 'organizationName', value: 'Bitaqa Test' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: ca },
    { name: 'keyUsage', keyCertSign: ca, cRLSign: ca, digitalSignature: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(issuer ? issuer.keyPem : keys.privateKey), forge.md.sha256.create());
  return { cert, pem: forge.pki.certificateToPem(cert), keyPem: keys.privateKey };
}

export const TEST_PASS_TYPE_ID = 'pass.ae.bitaqa.test';
export const TEST_TEAM_ID = 'AB12CD34EF';
export const TEST_ISSUER_ID = '3388000000022222222';
export const TEST_CLIENT_EMAIL = 'wallet@bitaqa-test.iam.gserviceaccount.com';

/** Makes the material, writes its files into `dir` and returns the environment naming them. */
export function walletMaterial(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const root = issue('Bitaqa Test Root CA', null, true);
  const wwdr = issue('Test Worldwide Developer Relations CA', root, true);
  const signer = issue(`Pass Type ID: ${TEST_PASS_TYPE_ID}`, wwdr, false);
  const google = rsaKeys('pkcs8');
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const env = {
    APPLE_PASS_CERT_FILE: write('pass.pem', signer.pem),
    APPLE_PASS_KEY_FILE: write('pass.key', signer.keyPem),
    APPLE_PASS_WWDR_FILE: write('wwdr.pem', wwdr.pem),
    APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    APPLE_PASS_TEAM_ID: TEST_TEAM_ID,
    GOOGLE_WALLET_ISSUER_ID: TEST_ISSUER_ID,
    GOOGLE_WALLET_KEY_FILE: write(
      'service-account.json',
      JSON.stringify({ type: 'service_account', client_email: TEST_CLIENT_EMAIL, private_key: google.privateKey }),
    ),
  };
  return { root, wwdr, signer, google, env, write };
}
