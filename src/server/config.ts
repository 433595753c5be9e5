/**
 * Environment, parsed once by zod. A bad value stops the start with
 * the field errors; every variable is documented in the README.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { passwordStrength } from '../core/password-strength';
import type { StorageSettings } from './platform/storage/object-store';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_USERNAME: z.string().min(3).max(64).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /**
   * Whether the admin must sign in with a second factor (the first sign-in enrols it). Always
   * required in production; unset elsewhere: optional, so development and tests sign in with a
   * password.
   */
  ADMIN_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bitaqa <no-reply@bitaqa.ae>'),
  /** Unset: the built-in default (true, false in production). */
  SEED_DEMO: boolish.optional(),
  /**
   * The list version pushed by NOTIFY and kept in memory (unset: on, except in tests,
   * whose fixtures write rows directly and read them back at once).
   */
  LIST_VERSION_PUSH: boolish.optional(),
  /** With the demo data: an extra account (noor.inbox@demo.bitaqa.ae) with this many conversations. */
  SEED_DEMO_INBOX: z.coerce.number().int().min(0).max(10_000).default(0),
  TRUST_PROXY: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  PAYMENTS: z.enum(['test'], { error: 'the only accepted value is "test" (the built-in test provider)' }).optional(),
  TOTP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Test environments only: every rate limit allows this many times its points, so a browser
   * suite that signs up dozens of users from one address runs through (refused in production).
   */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /** Requests one API key may make to /api/v1 per minute. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Where uploaded photos live: the local DATA_DIR/uploads folder, or S3-compatible storage. */
  STORAGE: z.enum(['local', 's3'], { error: 'must be "local" or "s3"' }).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Development and tests: webhooks may reach private and loopback addresses (refused in production). */
  WEBHOOK_ALLOW_PRIVATE: boolish.optional(),
  /**
   * Where webhook deliveries run: `thread` (their own worker thread and pool, so they never
   * delay a request; PostgreSQL only) or `inline` (on the app's event loop). Unset: `thread` on
   * PostgreSQL outside tests, `inline` otherwise.
   */
  DELIVERY_WORKER: z.enum(['thread', 'inline'], { error: 'must be "thread" or "inline"' }).optional(),
  /** Where the HubSpot client sends its calls (tests: a fake server on 127.0.0.1). */
  HUBSPOT_API_BASE: z.string().url().optional(),
  /** Where the regulator publishes its registers as CSV; set, the file is fetched once a day. */
  REGISTER_DLD_BROKERS_URL: z.string().url().optional(),
  REGISTER_DLD_OFFICES_URL: z.string().url().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  /** The seller printed on tax invoices; the defaults are demo values. */
  INVOICE_SELLER_NAME: z.string().min(2).max(200).default('Bitaqa Technologies FZCO'),
  INVOICE_SELLER_NAME_AR: z.string().min(2).max(200).default('بطاقة للتقنيات م.م.ح'),
  INVOICE_SELLER_ADDRESS: z.string().min(5).max(300).default('Dubai Silicon Oasis, Dubai, United Arab Emirates'),
  INVOICE_SELLER_ADDRESS_AR: z.string().min(5).max(300).default('واحة دبي للسيليكون، دبي، الإمارات العربية المتحدة'),
  INVOICE_SELLER_TRN: z
    .string()
    .regex(/^\d{15}$/, 'must be the 15-digit UAE Tax Registration Number')
    .default('100000000000003'),
  /** Apple Wallet passes: PEM files of the pass certificate, its key and Apple's WWDR certificate. */
  APPLE_PASS_CERT_FILE: z.string().min(1).optional(),
  APPLE_PASS_KEY_FILE: z.string().min(1).optional(),
  APPLE_PASS_WWDR_FILE: z.string().min(1).optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, 'must be a pass type identifier such as pass.ae.bitaqa.card')
    .optional(),
  APPLE_PASS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team identifier')
    .optional(),
  /** Google Wallet: the issuer id and the service account's JSON key file. */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d{10,25}$/, 'must be the numeric Google Wallet issuer id')
    .optional(),
  GOOGLE_WALLET_KEY_FILE: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  sessionSecret: string;
  admin?: { username: string; password: string };
  /** The admin centre opens only once the admin has two-factor sign-in on. */
  adminTwoFactorRequired: boolean;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  /** Keep the list version in memory, told by NOTIFY; off: read it for every cached answer. */
  listVersionPush: boolean;
  /** Conversations of the busy demo inbox (0: none); browser tests of a long list. */
  seedDemoInbox: number;
  /** Bearer token that lets a scraper read /metrics from anywhere; without it only local scrapers may. */
  metricsToken?: string;
  /** Fastify's trustProxy: false (default), a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Production's explicit opt-in for the built-in test payment provider. */
  paymentsTest: boolean;
  /** 32-byte key that encrypts TOTP secrets at rest. */
  totpKey: Buffer;
  /** Rate-limit counters in Redis instead of PostgreSQL, shared by every app process. */
  redisUrl?: string;
  /** Multiplies every rate limit's points (test environments only; 1 in production). */
  rateLimitScale: number;
  /** Requests per minute per API key on /api/v1. */
  apiRateLimitPerMinute: number;
  /** How long SIGTERM waits for in-flight requests before exiting anyway. */
  shutdownTimeoutMs: number;
  /** Where uploaded objects live: DATA_DIR/uploads or an S3-compatible bucket. */
  storage: StorageSettings;
  logLevel: Env['LOG_LEVEL'];
  ai?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
  aiTimeoutMs: number;
  /** Webhooks may reach private and loopback addresses (never in production). */
  webhookAllowPrivate: boolean;
  /** DELIVERY_WORKER as set (unset: chosen by the database and the environment). */
  deliveryWorker?: 'thread' | 'inline';
  hubspotApiBase?: string;
  /** The registers fetched daily (each kind whose URL is set). */
  registerUrls: { dld_brokers?: string; dld_offices?: string };
  stripe?: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase?: string };
  /** Seller details printed on tax invoices, snapshotted into each invoice. */
  invoiceSeller: InvoiceSeller;
  /** Apple Wallet signing material; unset: no Apple passes. */
  applePass?: ApplePassConfig;
  /** Google Wallet issuer and service account; unset: no Google passes. */
  googleWallet?: GoogleWalletConfig;
}

export interface ApplePassConfig {
  /** PEM text of the pass type certificate, its private key and Apple's WWDR intermediate. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  passTypeId: string;
  teamId: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  /** From the service account's JSON key. */
  clientEmail: string;
  privateKey: string;
}

export interface InvoiceSeller {
  name: string;
  nameAr: string;
  address: string;
  addressAr: string;
  /** UAE Tax Registration Number, 15 digits. */
  trn: string;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    problems.push('STRIPE_*: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push(`TRUST_PROXY: ${trustProxy}`);
  if (e.STORAGE === 's3') {
    if (!e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
      problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
    if (e.NODE_ENV === 'production') {
      if (!e.S3_REGION) problems.push('S3_REGION: required when NODE_ENV=production and STORAGE=s3');
      if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)
        problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when NODE_ENV=production and STORAGE=s3');
    }
  } else {
    const stray = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
      (k) => e[k as keyof Env] !== undefined,
    );
    if (stray.length) problems.push(`${stray.join(', ')}: set STORAGE=s3 to use S3 storage (STORAGE is "local")`);
  }
  // Production never falls back to a development default.
  if (e.NODE_ENV === 'production') {
    if (e.WEBHOOK_ALLOW_PRIVATE)
      problems.push('WEBHOOK_ALLOW_PRIVATE: only for development and tests, never in production');
    if (e.RATE_LIMIT_SCALE !== 1) problems.push('RATE_LIMIT_SCALE: only for test environments, never in production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required when NODE_ENV=production (links, QR codes, secure cookies)');
    if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: required when NODE_ENV=production');
    if (e.PUBLIC_URL && !e.PUBLIC_URL.startsWith('https://'))
      problems.push('PUBLIC_URL: must be an https:// address in production (secure cookies, links in e-mails)');
    if (!e.ADMIN_USERNAME || !e.ADMIN_PASSWORD)
      problems.push('ADMIN_USERNAME, ADMIN_PASSWORD: required when NODE_ENV=production');
    // The same strength rule as every user's password: "password" or "Bitaqa123!" never guard the admin.
    else if (!passwordStrength(e.ADMIN_PASSWORD, [e.ADMIN_USERNAME]).ok)
      problems.push('ADMIN_PASSWORD: too easy to guess; use a long passphrase of unrelated words');
    if (e.ADMIN_TWO_FACTOR === 'optional')
      problems.push('ADMIN_TWO_FACTOR: the admin always signs in with two-factor in production');
    if (!stripeKeys.every(Boolean) && !e.PAYMENTS)
      problems.push(
        'STRIPE_*: required when NODE_ENV=production (or set PAYMENTS=test to use the built-in test provider on purpose)',
      );
  }
  const applePass = readApplePass(e, problems);
  const googleWallet = readGoogleWallet(e, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const sessionSecret = e.SESSION_SECRET ?? persistedSecret(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sessionSecret,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    adminTwoFactorRequired: e.NODE_ENV === 'production' || e.ADMIN_TWO_FACTOR === 'required',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    listVersionPush: e.LIST_VERSION_PUSH ?? e.NODE_ENV !== 'test',
    seedDemoInbox: e.SEED_DEMO_INBOX,
    trustProxy: trustProxy as false | number | string[],
    paymentsTest: e.PAYMENTS === 'test',
    totpKey: crypto
      .createHash('sha256')
      .update(e.TOTP_ENCRYPTION_KEY ?? `bitaqa-totp:${sessionSecret}`)
      .digest(),
    redisUrl: e.REDIS_URL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? false,
    deliveryWorker: e.DELIVERY_WORKER,
    hubspotApiBase: e.HUBSPOT_API_BASE,
    registerUrls: { dld_brokers: e.REGISTER_DLD_BROKERS_URL, dld_offices: e.REGISTER_DLD_OFFICES_URL },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : { kind: 'local', dir: path.join(dataDir, 'uploads') },
    logLevel: e.LOG_LEVEL,
    ai: e.AI_BASE_URL
      ? {
          baseUrl: e.AI_BASE_URL,
          apiKey: e.AI_API_KEY ?? 'none',
          model: e.AI_MODEL,
          timeoutMs: e.AI_TIMEOUT_MS,
        }
      : undefined,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    invoiceSeller: {
      name: e.INVOICE_SELLER_NAME,
      nameAr: e.INVOICE_SELLER_NAME_AR,
      address: e.INVOICE_SELLER_ADDRESS,
      addressAr: e.INVOICE_SELLER_ADDRESS_AR,
      trn: e.INVOICE_SELLER_TRN,
    },
    applePass,
    googleWallet,
  };
}

/** A whole group or none of it: the names of the group's variables that are missing when some are set. */
function partialGroup(e: Env, keys: (keyof Env)[]): string[] | null {
  const missing = keys.filter((k) => e[k] === undefined);
  return missing.length && missing.length < keys.length ? missing : null;
}

/** Reads a PEM file; pushes a problem and returns null when unreadable or not of `kind`. */
function readPem(file: string, kind: 'certificate' | 'private key', name: string, problems: string[]): string | null {
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (err) {
    problems.push(`${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    return null;
  }
  const marker =
    kind === 'certificate' ? /-----BEGIN CERTIFICATE-----/ : /-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;
  if (!marker.test(pem)) {
    problems.push(`${name}: ${file} is not a PEM ${kind}`);
    return null;
  }
  return pem;
}

/** All of the Apple Wallet group, or none (the feature is off). */
function readApplePass(e: Env, problems: string[]): ApplePassConfig | undefined {
  const keys: (keyof Env)[] = [
    'APPLE_PASS_CERT_FILE',
    'APPLE_PASS_KEY_FILE',
    'APPLE_PASS_WWDR_FILE',
    'APPLE_PASS_TYPE_ID',
    'APPLE_PASS_TEAM_ID',
  ];
  const missing = partialGroup(e, keys);
  if (missing) {
    problems.push(`APPLE_PASS_*: Apple Wallet needs all of ${keys.join(', ')}; missing ${missing.join(', ')}`);
    return undefined;
  }
  if (!e.APPLE_PASS_CERT_FILE || !e.APPLE_PASS_KEY_FILE || !e.APPLE_PASS_WWDR_FILE) return undefined;
  const signerCert = readPem(e.APPLE_PASS_CERT_FILE, 'certificate', 'APPLE_PASS_CERT_FILE', problems);
  const signerKey = readPem(e.APPLE_PASS_KEY_FILE, 'private key', 'APPLE_PASS_KEY_FILE', problems);
  const wwdr = readPem(e.APPLE_PASS_WWDR_FILE, 'certificate', 'APPLE_PASS_WWDR_FILE', problems);
  if (!signerCert || !signerKey || !wwdr) return undefined;
  return {
    signerCert,
    signerKey,
    signerKeyPassphrase: e.APPLE_PASS_KEY_PASSPHRASE,
    wwdr,
    passTypeId: e.APPLE_PASS_TYPE_ID as string,
    teamId: e.APPLE_PASS_TEAM_ID as string,
  };
}

/** Both Google Wallet variables, or neither; the key file is a service account's JSON key. */
function readGoogleWallet(e: Env, problems: string[]): GoogleWalletConfig | undefined {
  const keys: (keyof Env)[] = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_KEY_FILE'];
  const missing = partialGroup(e, keys);
  if (missing) {
    problems.push(`GOOGLE_WALLET_*: Google Wallet needs ${keys.join(' and ')}; missing ${missing.join(', ')}`);
    return undefined;
  }
  if (!e.GOOGLE_WALLET_ISSUER_ID || !e.GOOGLE_WALLET_KEY_FILE) return undefined;
  const file = e.GOOGLE_WALLET_KEY_FILE;
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    const why = err instanceof SyntaxError ? 'not JSON' : ((err as NodeJS.ErrnoException).code ?? 'error');
    problems.push(`GOOGLE_WALLET_KEY_FILE: cannot read ${file} (${why})`);
    return undefined;
  }
  const key = z
    .object({ client_email: z.string().email(), private_key: z.string().regex(/-----BEGIN PRIVATE KEY-----/) })
    .safeParse(json);
  if (!key.success) {
    problems.push(
      `GOOGLE_WALLET_KEY_FILE: ${file} is not a service-account key (needs client_email and a PEM private_key)`,
    );
    return undefined;
  }
  return { issuerId: e.GOOGLE_WALLET_ISSUER_ID, clientEmail: key.data.client_email, privateKey: key.data.private_key };
}

/**
 * TRUST_PROXY: unset/false = the socket address is the client (default: no header is believed);
 * a number = that many proxy hops in front of the app; otherwise a comma-separated list of the
 * proxies' addresses or CIDRs. `true` is refused: it lets any client pick its address. Returns
 * an error message (string) for a bad value.
 */
function parseTrustProxy(raw: string | undefined): false | number | string[] | string {
  const v = raw?.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : 'a hop count must be between 0 and 10';
  if (v === 'true')
    return "true would trust any client's X-Forwarded-For; give the number of proxy hops or their addresses";
  const list = v.split(',').map((s) => s.trim());
  const bad = list.find((item) => {
    const [addr, bits, ...rest] = item.split('/');
    if (rest.length || !net.isIP(addr)) return true;
    if (bits === undefined) return false;
    const max = net.isIPv4(addr) ? 32 : 128;
    return !/^\d+$/.test(bits) || Number(bits) > max;
  });
  return bad !== undefined ? `"${bad}" is not an IP address or CIDR (use a hop count or a comma-separated list)` : list;
}

/** Outside production the session secret is generated once and kept in DATA_DIR. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
