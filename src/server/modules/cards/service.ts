/**
 * Business card rules: who may see, change and review a card, the pending → approved /
 * rejected workflow, and the analytics of the public page.
 */
import type { Card, CardInputParsed } from '../../../core/schemas/card';
import { phoneCallingCode } from '../../../core/phone';
import { MAX_CARDS_PER_USER } from '../../../core/schemas/card';
import { CARD_TEXT_FIELDS, cardHasLanguage, cleanTranslations, detectTextLanguage } from '../../../core/card-text';
import type { UiLanguage } from '../../../core/enums';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { BusinessCard, SocialLinks, User } from '../../db/schema';
import { cardLicenceChecks, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { placeOrThrow } from '../places';
import { and, eq, inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { PAID_ROLES } from '../../../core/enums';
import { toCard } from './mapper';
import {
  type CardOwner,
  type CardRow,
  type CardValues,
  countCardsByUser,
  deleteCard,
  findCardById,
  findNewestApprovedCard,
  insertCard,
  listApprovedPublicCards,
  listCardsByUser,
  listCardsOfUserByIds,
  lockCard,
  returnCardsToReview,
  setLicenseVerified,
  updateCard,
} from './repository';
import { areConnected } from '../messaging/connections';
import { brandOf, withBrand, withoutLockedFields } from './brand';
import { createAnalyticsRecorder } from '../analytics/service';
import type { BeaconAction, CardSource } from '../../../core/analytics';

export const CARD_NOT_FOUND = 'Business card not found';

/** One card with its owner, whatever its state (other modules check visibility themselves). */
export function findCardRow(db: DbOrTx, id: string): Promise<CardRow | undefined> {
  return findCardById(db, id);
}
const cardNotFound = () => notFound(CARD_NOT_FOUND, 'CARD_NOT_FOUND');

export type Viewer = Pick<User, 'id' | 'role'> | null;

/**
 * A paying role's card is public only while the subscription runs, everywhere it is served:
 * the directory, /cards/{id}, vCard, QR and inquiries.
 */
export function hasPaidForCard(
  user: Pick<CardOwner, 'role' | 'subscriptionStatus' | 'subscriptionPeriodEnd'>,
  now = new Date(),
): boolean {
  if (!PAID_ROLES.includes(user.role)) return true;
  return user.subscriptionStatus === 'active' && (!user.subscriptionPeriodEnd || user.subscriptionPeriodEnd > now);
}

/** A role change: the user's approved cards are reviewed again for the new role. */
export function cardsBackToReviewForRoleChange(tx: DbOrTx, userId: string): Promise<number> {
  return returnCardsToReview(tx, userId);
}

/** Approved and public, its owner active and paid up: the card is published (6, 11). */
function isPublished(row: CardRow): boolean {
  return (
    row.card.status === 'approved' &&
    row.card.isPublic &&
    !row.user.suspendedAt &&
    !row.user.deletedAt &&
    hasPaidForCard(row.user)
  );
}

/** What anyone may open: published, and the owner's visibility setting is public. */
export function isPubliclyVisible(row: CardRow): boolean {
  return isPublished(row) && (row.user.cardVisibility ?? 'public') === 'public';
}

/**
 * Whether a visitor (signed in or not) may open the card as the public does: published and
 * public, or "connections only" and the visitor is a connection of the owner: both have written
 * in their conversation (messaging/connections.ts).
 * Owners and admins see more; see isOwnerOrAdmin.
 */
export async function canViewCard(db: DbOrTx, viewerId: string | null, row: CardRow): Promise<boolean> {
  if (isPubliclyVisible(row)) return true;
  return (
    !!viewerId &&
    isPublished(row) &&
    row.user.cardVisibility === 'connections' &&
    (await areConnected(db, viewerId, row.card.userId))
  );
}

export function isOwnerOrAdmin(viewer: Viewer, row: CardRow): boolean {
  return !!viewer && (viewer.id === row.card.userId || viewer.role === 'admin');
}

/**
 * Whether the viewer may see how to reach this user: the owner's card
 * visibility decides for every place that shows their phone or e-mail, listings included.
 */
export async function mayContact(
  db: DbOrTx,
  viewer: Viewer,
  owner: Pick<User, 'id' | 'cardVisibility'>,
): Promise<boolean> {
  if (viewer && (viewer.id === owner.id || viewer.role === 'admin')) return true;
  const visibility = owner.cardVisibility ?? 'public';
  if (visibility === 'public') return true;
  return visibility === 'connections' && !!viewer && (await areConnected(db, viewer.id, owner.id));
}

/** The user's newest approved card marked public, whatever its visibility (the contact exchange). */
export function newestApprovedCard(db: DbOrTx, userId: string): Promise<CardRow | undefined> {
  return findNewestApprovedCard(db, userId);
}

/** The owner's newest card the viewer may open, for a listing's contact box; null when none. */
export async function contactCardFor(db: DbOrTx, ownerId: string, viewer: Viewer): Promise<CardRow | null> {
  const row = await findNewestApprovedCard(db, ownerId);
  if (!row) return null;
  return isOwnerOrAdmin(viewer, row) || (await canViewCard(db, viewer?.id ?? null, row)) ? row : null;
}

const blankToNull = <T>(v: T | '' | null | undefined): T | null => (v === '' || v === undefined ? null : v);
const unique = <T>(list: T[] | undefined) => (list ? [...new Set(list)] : undefined);

function cleanSocial(links: CardInputParsed['socialLinks']): SocialLinks {
  const out: SocialLinks = {};
  for (const key of ['linkedin', 'twitter', 'instagram', 'website'] as const) {
    const v = links?.[key];
    if (v) out[key] = v;
  }
  return out;
}

/** Form input → column values; only the keys present in the input (PATCH is partial). */
export function toValues(input: Partial<CardInputParsed>): Partial<CardValues> {
  const out: Partial<CardValues> = {};
  const set = <K extends keyof CardValues>(key: K, value: CardValues[K]) => {
    out[key] = value;
  };
  const has = (key: keyof CardInputParsed) => input[key] !== undefined;
  if (has('name')) set('name', input.name as string);
  if (has('profession')) set('profession', input.profession as string);
  const nullable = [
    'company',
    'roleTitle',
    'phone',
    'countryCode',
    'email',
    'gender',
    'nationality',
    'age',
    'yearsOfExperience',
    'emirate',
    'officeAddress',
    'googleMapsLink',
    'professionalBio',
    'salesPitch',
    'valueProposition',
    'bankName',
    'financingSolutions',
    'projectPortfolioLink',
    'investmentBudgetRange',
    'investmentProfile',
    'description',
    'profileImageUrl',
    'brnNumber',
    'ornNumber',
    'practiceCardNumber',
  ] as const;
  for (const key of nullable) {
    if (input[key] !== undefined) (out as Record<string, unknown>)[key] = blankToNull(input[key]);
  }
  if (has('languages')) set('languages', unique(input.languages) ?? []);
  if (has('propertySpecialization')) set('propertySpecialization', unique(input.propertySpecialization) ?? []);
  if (has('servicesOffered')) set('servicesOffered', unique(input.servicesOffered) ?? []);
  if (has('investmentInterests')) set('investmentInterests', unique(input.investmentInterests) ?? []);
  if (has('regionsOfInterest')) set('regionsOfInterest', unique(input.regionsOfInterest) ?? []);
  if (has('socialLinks')) set('socialLinks', cleanSocial(input.socialLinks));
  if (has('aiGenerated')) set('aiGenerated', input.aiGenerated as boolean);
  if (has('area') || has('areaId')) {
    const place = placeOrThrow(input.area, input.areaId, 'area');
    set('area', place?.name ?? null);
    set('areaId', place?.id ?? null);
  }
  // The phone arrives in E.164; the country code beside it is the number's own.
  if (out.phone) set('countryCode', phoneCallingCode(out.phone) ?? out.countryCode ?? null);
  return out;
}

/**
 * The language columns of an edit. A client that names the language gets it; one that does not
 * (written before cards had two languages) keeps the card's, except that a card written in one
 * language takes the language of the text it is now given. The translation is stored cleaned and
 * only for the language that is not the card's own.
 */
export function languageValues(
  current: BusinessCard,
  input: Partial<CardInputParsed>,
): Partial<Pick<CardValues, 'primaryLanguage' | 'translations'>> {
  // The text as it will be: a waiting revision's edit first, then the live card.
  const revision = (current.pendingRevision ?? {}) as Partial<BusinessCard>;
  const effective = { ...current, ...revision } as BusinessCard;
  const sentText = CARD_TEXT_FIELDS.some((f) => input[f] !== undefined);
  let primary: UiLanguage = effective.primaryLanguage;
  if (input.primaryLanguage) primary = input.primaryLanguage;
  else if (sentText && !input.translations && !cardHasLanguage(effective, primary === 'ar' ? 'en' : 'ar')) {
    const pick = <K extends keyof CardInputParsed & keyof BusinessCard>(k: K) =>
      (input[k] !== undefined ? input[k] : effective[k]) as string | null | undefined;
    primary = detectTextLanguage(pick('name'), pick('profession'), pick('company'));
  }
  const out: Partial<Pick<CardValues, 'primaryLanguage' | 'translations'>> = {};
  if (primary !== effective.primaryLanguage || input.primaryLanguage) out.primaryLanguage = primary;
  if (input.translations) out.translations = cleanTranslations(input.translations, primary);
  else if (primary !== effective.primaryLanguage) out.translations = cleanTranslations(effective.translations, primary);
  return out;
}

const LICENSE_KEYS = ['brnNumber', 'ornNumber', 'practiceCardNumber'] as const;

/** Fields an owner may change on a published card without a new review. */
const IMMEDIATE_KEYS = new Set<string>(['aiGenerated']);

/** JSON with object keys sorted: jsonb gives keys back in its own order, not the order written. */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );

/** Equal as stored values (strings, numbers, arrays, link objects, translations). */
export const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** A changed licence number needs a new check. */
export function licenseReset(current: BusinessCard, changes: Record<string, unknown>): Partial<CardValues> {
  const changed = LICENSE_KEYS.some((k) => k in changes && (changes[k] ?? null) !== current[k]);
  return changed ? { licenseVerified: false, licenseVerifiedAt: null } : {};
}

/**
 * The register's verdict on a card's BRN (the registers module decides it): verified while the
 * register lists the number under the card's name with a licence still running, not otherwise.
 */
export async function setLicenseFromRegister(db: DbOrTx, cardIds: string[], verified: boolean): Promise<void> {
  if (cardIds.length === 0) return;
  await setLicenseVerified(db, cardIds, verified);
}

/** The user's own cards among these ids, as their owner sees them (the public API reads its pages here). */
export async function ownCardsByIds(db: DbOrTx, userId: string, ids: string[]): Promise<Card[]> {
  const rows = await listCardsOfUserByIds(db, userId, ids);
  if (!rows.length) return [];
  const brand = await brandOf(db, userId);
  return rows.map((row) => withBrand(toCard(row, { private: true }), brand));
}

export function createCardService(ctx: AppContext) {
  const { db, config } = ctx;
  const analytics = createAnalyticsRecorder(ctx);
  /** Card rows a stranger may see, and the card as shown to them, by list version and id (see publicRow). */
  const publicRows = new LRUCache<string, { row: CardRow | null; card: Card | null }>({ max: 5000, ttl: 10_000 });

  const cardUrl = (id: string) => `${config.publicUrl}/cards/${id}`;

  /**
   * The card a stranger may see, or null; kept per committed list version: any change
   * to a card, a user or a brokerage moves the version, so a hidden card, a suspended owner or a
   * changed brand is never served from here, and the TTL bounds what the clock decides (a
   * subscription that ends). The branded card is kept with the row: the card page asked the
   * database for the brand on every request, a fifth of its speed.
   */
  async function publicEntry(id: string): Promise<{ row: CardRow | null; card: Card | null }> {
    const key = `${await ctx.listVersion.current()}|${id}`;
    const hit = publicRows.get(key);
    if (hit) return hit;
    const found = await findCardById(db, id);
    const row = found && (await canViewCard(db, null, found)) ? found : null;
    const entry = {
      row,
      card: row
        ? await withLicence(withBrand(toCard(row, { private: false }), await brandOf(db, row.card.userId)))
        : null,
    };
    publicRows.set(key, entry);
    return entry;
  }

  /** The register's confirmation of verified cards' licences, for their badge (see Card.licence). */
  async function withLicences(list: Card[]): Promise<Card[]> {
    const ids = list.filter((c) => c.licenseVerified && c.brnNumber).map((c) => c.id);
    const checks = ids.length
      ? await db
          .select()
          .from(cardLicenceChecks)
          .where(and(inArray(cardLicenceChecks.cardId, ids), eq(cardLicenceChecks.status, 'verified')))
      : [];
    const byCard = new Map(checks.map((c) => [c.cardId, c]));
    return list.map((card) => {
      const check = card.licenseVerified && card.brnNumber ? byCard.get(card.id) : undefined;
      return {
        ...card,
        licence: check
          ? {
              source: 'register' as const,
              validUntil: check.validUntil,
              checkedAt: check.checkedAt.toISOString(),
              registerNameEn: check.registerNameEn,
              registerNameAr: check.registerNameAr,
            }
          : null,
      };
    });
  }
  const withLicence = async (card: Card) => (await withLicences([card]))[0];

  async function publicRow(id: string): Promise<CardRow | null> {
    return (await publicEntry(id)).row;
  }

  async function visibleRow(viewer: Viewer, id: string): Promise<CardRow> {
    if (!viewer) {
      const row = await publicRow(id);
      if (!row) throw cardNotFound();
      return row;
    }
    const row = await findCardById(db, id);
    if (!row) throw cardNotFound();
    if (isOwnerOrAdmin(viewer, row) || (await canViewCard(db, viewer?.id ?? null, row))) return row;
    throw cardNotFound();
  }

  /** The card for its owner to change: 404 when missing, 403 when someone else's. */
  async function ownedRow(user: User, id: string): Promise<CardRow> {
    const row = await findCardById(db, id);
    if (!row) throw cardNotFound();
    if (row.card.userId !== user.id) throw forbidden('You can only change your own business card.', 'NOT_CARD_OWNER');
    return row;
  }

  const ownerOf = (user: User) => ({
    id: user.id,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    firstName: user.firstName,
    lastName: user.lastName,
    suspendedAt: user.suspendedAt,
    deletedAt: user.deletedAt,
    cardVisibility: user.cardVisibility,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionPeriodEnd: user.subscriptionPeriodEnd,
  });

  return {
    cardUrl,

    async create(user: User, input: CardInputParsed): Promise<Card> {
      const brand = await brandOf(db, user.id);
      input = withoutLockedFields(input, brand);
      const card = await db.transaction(async (tx) => {
        // Serialises a user's concurrent creates so the per-user limit holds.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        if ((await countCardsByUser(tx, user.id)) >= MAX_CARDS_PER_USER) {
          throw conflict(`You can have at most ${MAX_CARDS_PER_USER} business cards.`, 'CARD_LIMIT', {
            max: MAX_CARDS_PER_USER,
          });
        }
        const values = toValues(input);
        const primaryLanguage =
          input.primaryLanguage ?? detectTextLanguage(input.name, input.profession, input.company);
        return insertCard(tx, {
          ...values,
          primaryLanguage,
          translations: cleanTranslations(input.translations, primaryLanguage),
          name: input.name,
          profession: input.profession,
          userId: user.id,
          // Every new card waits for review.
          status: 'pending',
          isPublic: false,
        });
      });
      return withBrand(toCard({ card, user: ownerOf(user) }, { private: true }), brand);
    },

    async get(viewer: Viewer, id: string): Promise<Card> {
      const row = await visibleRow(viewer, id);
      return withLicence(
        withBrand(toCard(row, { private: isOwnerOrAdmin(viewer, row) }), await brandOf(db, row.card.userId)),
      );
    },

    /**
     * The card as a stranger sees it, or null: the one visibility rule of the public page, its
     * preview image and the sitemap.
     */
    async getPublic(id: string): Promise<Card | null> {
      return (await publicEntry(id)).card;
    },

    /** Every card a stranger may open, for the sitemap: the same rule as getPublic. */
    async publicEntries(limit = 50_000): Promise<{ id: string; updatedAt: Date }[]> {
      const rows = await listApprovedPublicCards(db, limit);
      const open = await Promise.all(rows.map((row) => canViewCard(db, null, row)));
      return rows.filter((_, i) => open[i]).map((row) => ({ id: row.card.id, updatedAt: row.card.updatedAt }));
    },

    async listForUser(viewer: User, userId: string, page: { limit: number; offset: number }): Promise<Card[]> {
      if (viewer.id !== userId && viewer.role !== 'admin') {
        throw forbidden('You can only list your own business cards.', 'NOT_CARD_OWNER');
      }
      const rows = await listCardsByUser(db, userId, page);
      const brand = rows.length ? await brandOf(db, rows[0].card.userId) : null;
      return withLicences(rows.map((row) => withBrand(toCard(row, { private: true }), brand)));
    },

    /**
     * Owner's edit. A published card stays online with its approved content:
     * the edit waits as a pending revision for the admin, and fields that need no review apply at
     * once. A pending card is edited in place; a rejected one is resubmitted. Nothing changes when
     * nothing differs.
     */
    async update(user: User, id: string, input: Partial<CardInputParsed>): Promise<Card> {
      await ownedRow(user, id);
      const brand = await brandOf(db, user.id);
      const card = await db.transaction(async (tx) => {
        const current = await lockCard(tx, id);
        if (!current) throw cardNotFound();
        // A field the owner's brokerage locked is refused at that field.
        const allowed = withoutLockedFields(input, brand, current);
        const values = {
          ...toValues(allowed),
          ...languageValues(current, allowed),
        } as Record<string, unknown>;
        const live = current as unknown as Record<string, unknown>;
        if (current.status === 'approved') {
          const immediate: Record<string, unknown> = {};
          const revision: Record<string, unknown> = { ...(current.pendingRevision ?? {}) };
          let changed = false;
          for (const [key, value] of Object.entries(values)) {
            if (IMMEDIATE_KEYS.has(key)) {
              if (!same(live[key], value)) {
                immediate[key] = value;
                changed = true;
              }
              continue;
            }
            if (same(key in revision ? revision[key] : live[key], value)) continue;
            changed = true;
            if (same(live[key], value)) delete revision[key];
            else revision[key] = value;
          }
          if (!changed) return current;
          const revised = !same(revision, current.pendingRevision ?? {});
          return updateCard(tx, id, {
            ...(immediate as Partial<CardValues>),
            // A new edit replaces a turned-down one, so the old reason no longer applies.
            ...(revised ? { rejectionReason: null } : {}),
            pendingRevision: Object.keys(revision).length ? revision : null,
            version: current.version + 1,
          });
        }
        const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => !same(live[k], v)));
        if (current.status === 'pending' && !Object.keys(changes).length) return current;
        const review: Partial<CardValues> =
          current.status === 'pending' ? {} : { status: 'pending', isPublic: false, rejectionReason: null };
        return updateCard(tx, id, {
          ...(changes as Partial<CardValues>),
          ...review,
          ...licenseReset(current, changes),
          pendingRevision: null,
          version: current.version + 1,
        });
      });
      return withBrand(toCard({ card, user: ownerOf(user) }, { private: true }), brand);
    },

    /** Deletes the card; its photos that nothing else uses go after the commit. */
    async remove(user: User, id: string): Promise<void> {
      await ownedRow(user, id);
      const unused = await db.transaction(async (tx) => {
        const row = await deleteCard(tx, id);
        if (!row) return [];
        const pending = row.pendingRevision?.profileImageUrl;
        return ctx.uploads.release(tx, [row.profileImageUrl, typeof pending === 'string' ? pending : null]);
      });
      await ctx.uploads.purge(unused);
    },

    /**
     * Counts an event on the public page: a view, a wallet pass (a saved contact), or a
     * contact click or share from the page's beacon, with where the visitor came from. Owners' own visits, previews of non-public
     * cards and repeats by the same visitor within 30 minutes are not counted.
     */
    async recordEvent(
      viewer: Viewer,
      visitorKey: () => string,
      id: string,
      action: 'view' | 'contact_saved' | BeaconAction,
      source: CardSource,
    ): Promise<boolean> {
      const row = await visibleRow(viewer, id);
      if (!isPubliclyVisible(row)) return false;
      return analytics.record({
        cardId: id,
        ownerId: row.card.userId,
        viewerId: viewer?.id ?? null,
        action,
        source,
        visitorKey,
      });
    },

    /**
     * The row for vCard and QR answers; a vCard download by someone else is a saved contact. The
     * visitor's key (a hash) is worked out only when a download may count.
     */
    async forDownload(
      viewer: Viewer,
      visitorKey: () => string,
      id: string,
      kind: 'vcard' | 'qr-code',
      source: CardSource = 'direct',
    ): Promise<BusinessCard> {
      const row = await visibleRow(viewer, id);
      if (kind === 'vcard' && isPubliclyVisible(row)) {
        await analytics.record({
          cardId: id,
          ownerId: row.card.userId,
          viewerId: viewer?.id ?? null,
          action: 'contact_saved',
          source,
          visitorKey,
        });
      }
      return row.card;
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
