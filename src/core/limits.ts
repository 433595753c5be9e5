/** Business constants and limits. One literal each, read by server and web. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 200,
  ageMin: 18,
  ageMax: 100,
  experienceMin: 0,
  experienceMax: 50,
  nameMax: 100,
  shortTextMax: 200,
  longTextMax: 4000,
  urlMax: 500,
  listMax: 20,
  messageMax: 4000,
  pageSizeDefault: 12,
  pageSizeMax: 60,
  /** X-Total-Count stops counting here; lists then say "more than N" (keeps counts cheap at scale). */
  totalCountCap: 1000,
  /** Load More appears at 12 or more results. */
  loadMoreAt: 12,
  adminPendingCards: 5,
  adminPendingProperties: 3,
  maxFeaturesShown: 3,
  /** Failed sign-in attempts per minute for one e-mail or address before 429. */
  loginFailuresPerMinute: 10,
  emailTokenTtlMs: 24 * 60 * 60 * 1000,
  /** A password reset link is valid one hour. */
  passwordResetTtlMs: 60 * 60 * 1000,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** A brokerage invitation link is valid 7 days. */
  brokerageInvitationTtlMs: 7 * 24 * 60 * 60 * 1000,
  /**
   * Invitations a brokerage may send in all before its ORN is verified or it pays for a seat:
   * enough to bring a first colleague or two, too few to use our address for mass mail.
   */
  unverifiedBrokerageInvitations: 5,
  /**
   * Open invitations of one brokerage: each one is an e-mail to an address the inviter typed, so
   * an unlimited number would let one account send our mail to anybody. Counted under the
   * brokerage's row lock, which every invite takes.
   */
  brokerageOpenInvitationsMax: 100,
} as const;

export const SUBSCRIPTION = {
  priceAed: 100,
  periodDays: 365,
} as const;

export const ROLE_PRICES_AED = {
  real_estate_broker: 100,
  banking_broker: 100,
  real_estate_developer: 0,
  investor: 0,
} as const;

/** Delays the interface waits, in milliseconds. */
export const DELAYS = {
  unauthorizedRedirect: 500,
  adminDeniedRedirect: 1000,
  adminLoginRedirect: 500,
  subscriptionRedirect: 2000,
  copyLabelRevert: 2000,
  conversationRedirect: 500,
  toastRemove: 1_000_000,
  userCacheMs: 300_000,
} as const;

/** Marketing constants. */
export const MARKETING = {
  /** The sample card's illustrative profile score on the landing page (a demo, not a claim). */
  promoScore: 94,
} as const;

export const COMPANY = {
  name: 'Bitaqa',
  address: 'Dubai Silicon Oasis, Dubai, UAE',
  phone: '+971 4 501 5000',
  email: 'hello@bitaqa.ae',
  website: 'https://bitaqa.ae',
} as const;
