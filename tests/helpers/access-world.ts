/**
 * A small world for the access-control matrix: an owner with one of everything, another
 * user, a peer the owner talks to, and an admin — each with a session minted straight into the
 * session store (no argon2 per cell), so every cell of the matrix can start from a fresh world.
 */
import crypto from 'node:crypto';
import { Signer } from '@fastify/cookie';
import {
  apiKeys as apiKeysTable,
  brokerageInvitations,
  brokerageMembers,
  brokerages,
  businessServices,
  contacts,
  conversations,
  inquiries,
  messages,
  messageTemplates,
  payments,
  sessions,
  type User,
  webhookEndpoints,
  hubspotConnections,
} from '../../src/server/db/schema';
import { API_SCOPES } from '../../src/core/schemas/api-keys';
import { generateSecret, hashSecret } from '../../src/server/modules/api-keys/service';
import { issueInvoice } from '../../src/server/modules/invoices/invoices';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { LIMITS } from '../../src/core/limits';
import type { TestApp, TestUser } from './app';
import { createCard, createOwner, createProperty } from './discovery';

export const WORLD_PASSWORD = 'password-123';
let passwordHash: Promise<string> | undefined;

/** A signed session cookie for the user, as @fastify/session would have set it at sign-in. */
export async function mintSession(t: TestApp, user: User): Promise<TestUser> {
  const sid = crypto.randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + LIMITS.sessionTtlMs);
  await t.database.db.insert(sessions).values({
    sid,
    expire: expires,
    userId: user.id,
    sess: {
      userId: user.id,
      cookie: { originalMaxAge: LIMITS.sessionTtlMs, expires: expires.toISOString(), httpOnly: true, path: '/' },
    },
  });
  const value = new Signer(t.config.sessionSecret).sign(sid);
  return { user, password: WORLD_PASSWORD, cookies: { 'bitaqa.sid': value } };
}

export interface World {
  owner: TestUser;
  other: TestUser;
  peer: TestUser;
  admin: TestUser;
  /** The owner's approved, public card. */
  card: { id: string };
  /** The owner's card waiting for review. */
  pendingCard: { id: string; version: number };
  property: { id: string };
  pendingProperty: { id: string; version: number };
  service: { id: string };
  /** Between the owner and the peer, with one message from the peer. */
  conversation: { id: string };
  /** A lead on the owner's card. */
  inquiry: { id: string };
  /** The owner's tax invoice. */
  invoice: { id: string };
  /** The owner's brokerage: the owner owns it, the peer is a member. */
  brokerage: { id: string; slug: string };
  /** An open invitation to it for `other`, with the token of its e-mailed link. */
  invitation: { id: string; token: string };
  /** Team leads and seats: an unpaid broker member of the brokerage and a team lead. */
  team: { memberId: string; leadId: string };
  /** A contact in the owner's book, with a phone for WhatsApp. */
  contact: { id: string };
  /** The owner's own WhatsApp template. */
  template: { id: string };
  /** The owner's webhook endpoint. */
  webhook: { id: string };
  /** A personal API key with every scope for each signed-in caller (the secret), and the owner's key id. */
  apiKeys: { owner: string; other: string; admin: string; peer: string; ownerKeyId: string };
  /** The owner's HubSpot connection (its token is refused by the matrix's fake HubSpot). */
  hubspot: { id: string };
}

export async function createWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  passwordHash ??= hashPassword(WORLD_PASSWORD);
  const hash = await passwordHash;
  const tag = crypto.randomBytes(4).toString('hex');
  const owner = await createOwner(db, {
    role: 'real_estate_broker',
    subscriptionStatus: 'active',
    subscriptionPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    passwordHash: hash,
  });
  const other = await createOwner(db, { role: 'investor', passwordHash: hash });
  const peer = await createOwner(db, { role: 'real_estate_developer', passwordHash: hash });
  const admin = await createOwner(db, {
    role: 'admin',
    username: `admin-${tag}`,
    email: `admin-${tag}@example.com`,
    passwordHash: hash,
  });
  const card = await createCard(db, owner.id, { name: 'Owner Card', email: 'owner@example.com', brnNumber: '12345' });
  const pendingCard = await createCard(db, owner.id, { name: 'Pending Card', status: 'pending', isPublic: false });
  const property = await createProperty(db, owner.id, { title: 'Approved listing', permitNumber: '7112345678' });
  const pendingProperty = await createProperty(db, owner.id, {
    title: 'Pending listing',
    isApproved: false,
    permitNumber: '7112345678',
    permitExpiresOn: '2099-12-31',
  });
  const [service] = await db
    .insert(businessServices)
    .values({ name: 'Owner service', serviceType: 'company', category: 'Legal & Professional', createdBy: owner.id })
    .returning();
  const [conversation] = await db
    .insert(conversations)
    .values({ participant1Id: owner.id, participant2Id: peer.id, lastMessageAt: new Date() })
    .returning();
  await db.insert(messages).values({ conversationId: conversation.id, senderId: peer.id, content: 'Hello owner' });
  const [inquiry] = await db
    .insert(inquiries)
    .values({
      businessCardId: card.id,
      inquirerName: 'Visitor',
      inquirerEmail: 'visitor@example.com',
      inquiryType: 'buying',
      message: 'Interested',
    })
    .returning();
  const invoice = await db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({ userId: owner.id, provider: 'test', providerRef: `world_${tag}`, amountAed: 100, status: 'succeeded' })
      .returning();
    return issueInvoice(tx, {
      userId: owner.id,
      buyer: { name: `${owner.firstName} ${owner.lastName}`, email: owner.email },
      paymentId: payment.id,
      totalFils: 10_000,
      issuedAt: new Date(),
      seller: t.config.invoiceSeller,
      periodStart: null,
      periodEnd: null,
    });
  });
  const [brokerage] = await db
    .insert(brokerages)
    .values({
      slug: `world-${tag}`,
      name: `World Realty ${tag}`,
      ornNumber: String(crypto.randomInt(100_000, 9_999_999)),
      tradeLicenceNumber: 'DED-12345',
      createdBy: owner.id,
    })
    .returning();
  await db.insert(brokerageMembers).values([
    { brokerageId: brokerage.id, userId: owner.id, role: 'owner' },
    { brokerageId: brokerage.id, userId: peer.id, role: 'member' },
  ]);
  const token = crypto.randomBytes(32).toString('base64url');
  const [invitation] = await db
    .insert(brokerageInvitations)
    .values({
      brokerageId: brokerage.id,
      email: other.email,
      role: 'member',
      tokenHash: crypto.createHash('sha256').update(token).digest('hex'),
      invitedById: owner.id,
      expiresAt: new Date(Date.now() + LIMITS.brokerageInvitationTtlMs),
    })
    .returning();
  const teamMember = await createOwner(db, {
    role: 'real_estate_broker',
    subscriptionStatus: 'inactive',
    passwordHash: hash,
  });
  await db.insert(brokerageMembers).values({ brokerageId: brokerage.id, userId: teamMember.id, role: 'member' });
  const [teamLead] = await db
    .insert(inquiries)
    .values({
      businessCardId: card.id,
      brokerageId: brokerage.id,
      inquirerName: 'Team visitor',
      inquirerEmail: 'team-visitor@example.com',
      inquiryType: 'renting',
    })
    .returning();
  const [contact] = await db
    .insert(contacts)
    .values({ ownerId: owner.id, name: 'Matrix Contact', phones: ['+971501112233'], source: 'manual' })
    .returning();
  const [template] = await db
    .insert(messageTemplates)
    .values({ ownerId: owner.id, name: 'Matrix template', lang: 'en', body: 'Hi {firstName}' })
    .returning();
  const [webhook] = await db
    .insert(webhookEndpoints)
    .values({
      userId: owner.id,
      url: 'https://hooks.example.com/bitaqa',
      events: ['lead.created'],
      secretSealed: 'matrix',
    })
    .returning();
  const apiKeys: Record<string, string> = {};
  let ownerKeyId = '';
  for (const [who, user] of Object.entries({ owner, other, admin, peer })) {
    const secret = generateSecret();
    const [key] = await db
      .insert(apiKeysTable)
      .values({
        userId: user.id,
        name: `Matrix key of ${who}`,
        prefix: secret.slice(0, 14),
        secretHash: hashSecret(secret),
        scopes: [...API_SCOPES],
      })
      .returning();
    apiKeys[who] = secret;
    if (who === 'owner') ownerKeyId = key.id;
  }
  const [hubspot] = await db
    .insert(hubspotConnections)
    .values({
      userId: owner.id,
      tokenSealed: 'matrix',
      portalId: '1',
      uiDomain: 'app.hubspot.com',
      connectedBy: owner.id,
    })
    .returning();
  return {
    apiKeys: { owner: apiKeys.owner, other: apiKeys.other, admin: apiKeys.admin, peer: apiKeys.peer, ownerKeyId },
    owner: await mintSession(t, owner),
    other: await mintSession(t, other),
    peer: await mintSession(t, peer),
    admin: await mintSession(t, admin),
    card,
    pendingCard,
    property,
    pendingProperty,
    service,
    conversation,
    inquiry,
    invoice,
    brokerage: { id: brokerage.id, slug: brokerage.slug },
    invitation: { id: invitation.id, token },
    team: { memberId: teamMember.id, leadId: teamLead.id },
    contact: { id: contact.id },
    template: { id: template.id },
    webhook: { id: webhook.id },
    hubspot: { id: hubspot.id },
  };
}
