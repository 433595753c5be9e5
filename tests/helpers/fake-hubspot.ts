/**
 * A fake HubSpot for tests: a real HTTP server on 127.0.0.1 (port 0) answering the few calls
 * Bitaqa makes, so the real @hubspot/api-client talks to it. It keeps contacts and notes in
 * memory, accepts only the tokens it was given, and can be told to fail the next calls.
 */
import http from 'node:http';

export interface FakeContact {
  id: string;
  properties: Record<string, string>;
}
export interface FakeNote {
  id: string;
  properties: Record<string, string>;
  contactIds: string[];
}

export interface FakeHubspot {
  base: string;
  tokens: Set<string>;
  portalId: number;
  contacts: Map<string, FakeContact>;
  notes: FakeNote[];
  calls: { method: string; path: string }[];
  /** The next call whose method and path start match answers this status (once). */
  failNext(method: string, pathStart: string, status: number, message: string): void;
  close(): Promise<void>;
}

export async function startFakeHubspot(opts: { tokens?: string[]; portalId?: number } = {}): Promise<FakeHubspot> {
  const tokens = new Set(opts.tokens ?? ['pat-good']);
  const portalId = opts.portalId ?? 4242;
  const contacts = new Map<string, FakeContact>();
  const notes: FakeNote[] = [];
  const calls: { method: string; path: string }[] = [];
  const failures: { method: string; pathStart: string; status: number; message: string }[] = [];
  let nextId = 1000;
  const stamp = () => new Date('2026-01-01T00:00:00Z').toISOString();
  const objectOf = (c: { id: string; properties: Record<string, string> }) => ({
    id: c.id,
    properties: c.properties,
    createdAt: stamp(),
    updatedAt: stamp(),
    archived: false,
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      calls.push({ method, path });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7)))
        return send(401, {
          status: 'error',
          message: 'Authentication credentials not found.',
          category: 'INVALID_AUTHENTICATION',
        });
      const failure = failures.findIndex((f) => f.method === method && path.startsWith(f.pathStart));
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        return send(f?.status ?? 500, { status: 'error', message: f?.message, category: 'FAKE' });
      }
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return send(400, { status: 'error', message: 'Invalid JSON' });
      }
      if (method === 'GET' && path === '/account-info/v3/details')
        return send(200, {
          portalId,
          accountType: 'STANDARD',
          timeZone: 'Asia/Dubai',
          companyCurrency: 'AED',
          additionalCurrencies: [],
          utcOffset: '+04:00',
          utcOffsetMilliseconds: 14_400_000,
          uiDomain: 'app-eu1.hubspot.com',
          dataHostingLocation: 'eu1',
        });
      if (method === 'POST' && path === '/crm/v3/objects/contacts/search') {
        const groups = (body.filterGroups ?? []) as {
          filters: { propertyName: string; operator: string; value: string }[];
        }[];
        const found = [...contacts.values()].filter((c) =>
          groups.some((g) =>
            g.filters.every(
              (f) =>
                f.operator === 'EQ' && (c.properties[f.propertyName] ?? '').toLowerCase() === f.value.toLowerCase(),
            ),
          ),
        );
        return send(200, { total: found.length, results: found.slice(0, Number(body.limit ?? 10)).map(objectOf) });
      }
      if (method === 'POST' && path === '/crm/v3/objects/contacts') {
        const properties = (body.properties ?? {}) as Record<string, string>;
        const email = properties.email?.toLowerCase();
        if (email && [...contacts.values()].some((c) => c.properties.email?.toLowerCase() === email))
          return send(409, {
            status: 'error',
            message: `Contact already exists. Existing ID: 1`,
            category: 'CONFLICT',
          });
        const c = { id: String(nextId++), properties };
        contacts.set(c.id, c);
        return send(201, objectOf(c));
      }
      const patch = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
      if (method === 'PATCH' && patch) {
        const c = contacts.get(patch[1] ?? '');
        if (!c) return send(404, { status: 'error', message: 'resource not found', category: 'OBJECT_NOT_FOUND' });
        Object.assign(c.properties, body.properties ?? {});
        return send(200, objectOf(c));
      }
      if (method === 'POST' && path === '/crm/v3/objects/notes') {
        const assoc = (body.associations ?? []) as { to: { id: string }; types: { associationTypeId: number }[] }[];
        const n = {
          id: String(nextId++),
          properties: (body.properties ?? {}) as Record<string, string>,
          contactIds: assoc.filter((a) => a.types.some((t) => t.associationTypeId === 202)).map((a) => a.to.id),
        };
        notes.push(n);
        return send(201, objectOf(n));
      }
      send(404, { status: 'error', message: `No route ${method} ${path}` });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    tokens,
    portalId,
    contacts,
    notes,
    calls,
    failNext: (method, pathStart, status, message) => failures.push({ method, pathStart, status, message }),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
