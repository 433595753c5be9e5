/**
 * The calls Bitaqa makes to HubSpot, through the official client pointed at HUBSPOT_API_BASE
 * (tests point it at a local fake). A person is matched by e-mail, then by phone; a note is
 * associated with the person's contact.
 */
import { AssociationTypes, Client } from '@hubspot/api-client';

export const DEFAULT_HUBSPOT_BASE = 'https://api.hubapi.com';

/** HubSpot answered, and said no (401 and 403 mean the token itself is refused). */
export class HubspotError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
  get tokenRefused(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

export interface HubspotAccount {
  portalId: string;
  uiDomain: string;
  accountType: string | null;
}

export interface Person {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  jobTitle: string | null;
  website: string | null;
}

export function hubspotClient(token: string, basePath?: string): Client {
  return new Client({ accessToken: token, basePath: basePath ?? DEFAULT_HUBSPOT_BASE, numberOfApiCallRetries: 0 });
}

/** HubSpot's own words from an error answer, short enough for the settings page. */
function reasonOf(body: unknown, fallback: string): string {
  let b = body;
  if (typeof b === 'string') {
    try {
      b = JSON.parse(b);
    } catch {
      return (b as string).slice(0, 300) || fallback;
    }
  }
  const msg = (b as { message?: unknown } | null)?.message;
  return typeof msg === 'string' && msg ? msg.slice(0, 300) : fallback;
}

/** Turns whatever the client threw into a HubspotError with HubSpot's status and reason. */
export function asHubspotError(err: unknown): HubspotError {
  if (err instanceof HubspotError) return err;
  const e = err as { code?: unknown; body?: unknown; message?: string };
  if (typeof e?.code === 'number' && e.code >= 100)
    return new HubspotError(e.code, reasonOf(e.body, `HubSpot answered HTTP ${e.code}`));
  return new HubspotError(null, `HubSpot could not be reached: ${(e?.message ?? String(err)).slice(0, 200)}`);
}

/** The account the token belongs to; throws a HubspotError when HubSpot refuses it. */
export async function accountOf(client: Client): Promise<HubspotAccount> {
  let res: Awaited<ReturnType<Client['apiRequest']>>;
  try {
    res = await client.apiRequest({ method: 'GET', path: '/account-info/v3/details' });
  } catch (err) {
    throw asHubspotError(err);
  }
  const text = await res.text();
  if (!res.ok) throw new HubspotError(res.status, reasonOf(text, `HubSpot answered HTTP ${res.status}`));
  let body: { portalId?: unknown; uiDomain?: unknown; accountType?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    throw new HubspotError(res.status, 'HubSpot answered with something that is not JSON');
  }
  if (body.portalId === undefined || body.portalId === null)
    throw new HubspotError(res.status, 'HubSpot did not name the account of this token');
  return {
    portalId: String(body.portalId),
    uiDomain: typeof body.uiDomain === 'string' && body.uiDomain ? body.uiDomain : 'app.hubspot.com',
    accountType: typeof body.accountType === 'string' ? body.accountType : null,
  };
}

/** The HubSpot page of a contact. */
export function contactUrl(account: { portalId: string | null; uiDomain: string | null }, contactId: string) {
  if (!account.portalId) return null;
  return `https://${account.uiDomain ?? 'app.hubspot.com'}/contacts/${account.portalId}/record/0-1/${contactId}`;
}

interface Found {
  id: string;
  /** The e-mail HubSpot holds for the contact found by phone (kept: never replaced by ours). */
  otherEmail: string | null;
}

async function findContact(client: Client, person: Person): Promise<Found | null> {
  const search = async (filterGroups: { filters: { propertyName: string; operator: string; value: string }[] }[]) => {
    const found = await client.crm.contacts.searchApi.doSearch({
      filterGroups: filterGroups as never,
      properties: ['email', 'phone', 'mobilephone'],
      limit: 1,
      after: undefined as never,
      sorts: [],
    });
    return found.results[0] ?? null;
  };
  if (person.email) {
    const hit = await search([{ filters: [{ propertyName: 'email', operator: 'EQ', value: person.email }] }]);
    if (hit) return { id: hit.id, otherEmail: null };
  }
  if (person.phone) {
    // Either field may hold the number someone typed into HubSpot (the groups are OR-ed).
    const hit = await search([
      { filters: [{ propertyName: 'phone', operator: 'EQ', value: person.phone }] },
      { filters: [{ propertyName: 'mobilephone', operator: 'EQ', value: person.phone }] },
    ]);
    const email = hit?.properties?.email ?? null;
    if (hit)
      return { id: hit.id, otherEmail: email && email.toLowerCase() !== person.email?.toLowerCase() ? email : null };
  }
  return null;
}

/** HubSpot's contact properties for a person; empty values are left out so they never erase. */
function propertiesOf(person: Person): Record<string, string> {
  const props: Record<string, string | null> = {
    firstname: person.firstName,
    lastname: person.lastName,
    email: person.email,
    phone: person.phone,
    company: person.company,
    jobtitle: person.jobTitle,
    website: person.website,
  };
  return Object.fromEntries(Object.entries(props).filter((e): e is [string, string] => Boolean(e[1])));
}

/**
 * Creates the person's contact, or updates the one already there (same e-mail, else same phone);
 * answers the contact's id and whether it was created.
 */
export async function upsertContact(
  client: Client,
  person: Person,
  knownId: string | null,
): Promise<{ id: string; created: boolean }> {
  try {
    const update = async (found: Found) => {
      const properties = propertiesOf(person);
      if (found.otherEmail) delete properties.email;
      await client.crm.contacts.basicApi.update(found.id, { properties });
      return { id: found.id, created: false };
    };
    if (knownId) {
      try {
        return await update({ id: knownId, otherEmail: null });
      } catch (err) {
        // The contact synced before was deleted or merged in HubSpot: look for it again.
        if ((err as { code?: number }).code !== 404) throw err;
      }
    }
    const found = await findContact(client, person);
    if (found) return await update(found);
    const made = await client.crm.contacts.basicApi.create({ properties: propertiesOf(person), associations: [] });
    return { id: made.id, created: true };
  } catch (err) {
    throw asHubspotError(err);
  }
}

export async function addNote(client: Client, contactId: string, body: string, at: Date): Promise<string> {
  try {
    const note = await client.crm.objects.notes.basicApi.create({
      properties: { hs_timestamp: at.toISOString(), hs_note_body: body },
      associations: [
        {
          to: { id: contactId },
          types: [
            { associationCategory: 'HUBSPOT_DEFINED' as never, associationTypeId: AssociationTypes.noteToContact },
          ],
        },
      ],
    });
    return note.id;
  } catch (err) {
    throw asHubspotError(err);
  }
}
