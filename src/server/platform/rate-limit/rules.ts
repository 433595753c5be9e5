/**
 * Every rate limit of the app in one table, so the numbers can be
 * read and tuned together. Keys: `ip` is the real client address (TRUST_PROXY), `user` the
 * signed-in account, `email` the address a request is about.
 */
import { INQUIRY_RATE } from '../../../core/schemas/inquiry';
import type { LimitRule } from '.';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RATE_RULES = {
  /** Sign-ups per ip. */
  register: { points: 10, durationSec: HOUR },
  /** Verification e-mails per address, and per ip: no mail-bombing one inbox. */
  resendPerEmail: { points: 3, durationSec: HOUR },
  resendPerIp: { points: 10, durationSec: HOUR },
  /** Password reset e-mails per address, and requests per ip. */
  forgotPerEmail: { points: 3, durationSec: HOUR },
  forgotPerIp: { points: 10, durationSec: HOUR },
  /** Attempts to use a reset link per ip. */
  resetPerIp: { points: 20, durationSec: 15 * MINUTE },
  /** E-mail change links per user. */
  emailChange: { points: 5, durationSec: HOUR },
  /**
   * Invitation e-mails (mail a user makes us send to someone else): per sender, per invited
   * address and per brokerage, so no inbox can be flooded from our address.
   */
  invitesPerSender: { points: 20, durationSec: DAY },
  invitesPerRecipient: { points: 3, durationSec: DAY },
  invitesPerBrokerage: { points: 50, durationSec: DAY },
  /** Messages per user: a fast typist's burst, not a script's. */
  messages: { points: 30, durationSec: MINUTE },
  /** New conversations per user. */
  newConversations: { points: 20, durationSec: HOUR },
  /** Smart searches per ip. */
  search: { points: 30, durationSec: MINUTE },
  /** Paid AI refinements per ip (cache misses only); past it the offline parser's answer stands. */
  searchAi: { points: 10, durationSec: MINUTE },
  /** Inquiries per ip (5 in 10 minutes). */
  inquiries: { points: INQUIRY_RATE.max, durationSec: INQUIRY_RATE.windowMs / 1000 },
  /** Contact exchanges per ip: the inquiry numbers, in a bucket of their own. */
  exchange: { points: INQUIRY_RATE.max, durationSec: INQUIRY_RATE.windowMs / 1000 },
  /**
   * Exchange e-mails to one card owner, whoever sends them: the per-ip rule alone lets every new
   * address send five more. Past it the lead is still saved (the Leads list shows it), unmailed.
   */
  exchangeMailsPerOwner: { points: 5, durationSec: 10 * MINUTE },
  /** Contact clicks and shares reported by card pages, per ip: a busy office, not a script. */
  cardEvents: { points: 120, durationSec: MINUTE },
  /** AI card writing per user. */
  cardAi: { points: 20, durationSec: MINUTE },
  /**
   * Print QR PNGs drawn (not served from the cache) per ip: each costs 150–230 ms of CPU. A
   * designer downloading every size of a few cards stays far below it.
   */
  qrRenders: { points: 20, durationSec: MINUTE },
  /** Image uploads per user. */
  uploads: { points: 30, durationSec: MINUTE },
  /** Paper-card scans per user: OCR is the heaviest thing a person can ask for. */
  contactScan: { points: 30, durationSec: MINUTE },
  /** Wrong passwords or codes per account on settings pages (change password, 2FA). */
  accountSecrets: { points: 5, durationSec: MINUTE },
  /** Wrong second-step codes per pending sign-in. */
  twoFactorCodes: { points: 5, durationSec: MINUTE },
  /** Sign-in failures per ip over all accounts (password spraying). */
  signInPerIp: { points: 50, durationSec: 15 * MINUTE },
} satisfies Record<string, LimitRule>;
