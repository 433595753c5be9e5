import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { composeCardContent } from '../../platform/ai/composer';
import { createRandom } from '../../db/seed/random';

/** A local server speaking the chat-completions protocol, whose answer each test chooses. */
type Behaviour = { kind: 'json'; content: string } | { kind: 'status'; status: number } | { kind: 'hang' };
let behaviour: Behaviour = { kind: 'json', content: '{}' };
const received: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];

const fake = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
    if (behaviour.kind === 'hang') return; // never answers: the client must time out
    if (behaviour.kind === 'status') {
      res.writeHead(behaviour.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'upstream exploded', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'test-model',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: behaviour.content } }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const port = (fake.address() as AddressInfo).port;
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

const aiEnv = { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: 'sk-test-key', AI_MODEL: 'test-model' };
// The answering endpoint gets the default timeout, so a loaded machine never turns a good answer
// into a timeout; only the endpoint that never answers is given a short one.
const withAi = await createTestApp({ env: aiEnv });
const HANG_TIMEOUT_MS = 300;
const withHangingAi = await createTestApp({ env: { ...aiEnv, AI_TIMEOUT_MS: String(HANG_TIMEOUT_MS) } });
const offline = await createTestApp();

const request = {
  role: 'real_estate_broker',
  name: 'Layla Aboud',
  company: 'Marina Homes',
  roleTitle: 'off_plan_projects',
  emirate: 'dubai',
  area: 'Dubai Marina',
  languages: ['english', 'arabic', 'french'],
  yearsOfExperience: 9,
};

describe('POST /api/ai/generate-card-content', () => {
  it('needs a signed-in user, a name and a role, each refusal with its own message', async () => {
    const url = '/api/ai/generate-card-content';
    expect((await offline.inject({ method: 'POST', url, payload: request })).statusCode).toBe(401);
    const user = await offline.signUp({ role: 'real_estate_broker' });
    const noName = await offline.inject({ method: 'POST', url, payload: { ...request, name: '  ' }, as: user });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Please enter your name before generating AI content.');
    const missingName = await offline.inject({ method: 'POST', url, payload: { role: 'investor' }, as: user });
    expect(missingName.json().errors.name).toBe('Please enter your name before generating AI content.');
    const noRole = await offline.inject({ method: 'POST', url, payload: { name: 'Layla' }, as: user });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().errors.role).toMatch(/^Role Required/);
    const visitor = await offline.inject({ method: 'POST', url, payload: { ...request, role: 'visitor' }, as: user });
    expect(visitor.json().errors.role).toMatch(/^Role Required/);
  });

  it('writes role-aware English content from the card’s facts with the built-in composer', async () => {
    const user = await offline.signUp({ role: 'real_estate_broker' });
    const res = await offline.inject({
      method: 'POST',
      url: '/api/ai/generate-card-content',
      payload: request,
      as: user,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'composer', language: 'en' });
    expect(body.profession).toMatch(/Off-Plan|Launches/);
    expect(body.description).toContain('Layla');
    expect(body.description).toMatch(/English, Arabic and French/);
    expect(body.description.split('. ').length).toBeGreaterThanOrEqual(3);
    expect(body.salesPitch.length).toBeGreaterThan(20);
    expect(body.valueProposition.length).toBeGreaterThan(20);
  });

  it('writes Arabic on request, with the bank as a suggested company for a banking broker', async () => {
    const user = await offline.signUp({ role: 'banking_broker' });
    const res = await offline.inject({
      method: 'POST',
      url: '/api/ai/generate-card-content',
      payload: {
        role: 'banking_broker',
        name: 'عمر خالد',
        bankName: 'emirates_nbd',
        roleTitle: 'home_loans',
        language: 'ar',
        languages: ['arabic', 'english'],
      },
      as: user,
    });
    const body = res.json();
    expect(body.language).toBe('ar');
    expect(body.suggestedCompany).toBe('بنك الإمارات دبي الوطني');
    expect(body.profession).toMatch(/[\u0600-\u06FF]/);
    expect(body.description).toContain('عمر خالد');
    expect(body.description).not.toMatch(/[A-Za-z]/);
  });

  it('limits requests per user per minute', async () => {
    const user = await offline.signUp();
    const payload = { role: 'investor', name: 'Carlos Mendez' };
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      codes.push(
        (await offline.inject({ method: 'POST', url: '/api/ai/generate-card-content', payload, as: user })).statusCode,
      );
    }
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('the composer', () => {
  const base = { ...request, language: 'en' as const } as Parameters<typeof composeCardContent>[0];

  it('varies its wording between calls', () => {
    const texts = new Set<string>();
    const rnd = createRandom(7);
    for (let i = 0; i < 8; i++) texts.add(composeCardContent(base, rnd.next).description);
    expect(texts.size).toBeGreaterThanOrEqual(4);
  });

  it('fits each role and the facts given', () => {
    const rnd = createRandom(3).next;
    const developer = composeCardContent(
      {
        ...base,
        role: 'real_estate_developer',
        roleTitle: undefined,
        company: 'Azure Developments',
        propertySpecialization: ['residential_villas', 'luxury_developments'],
        emirate: 'abu_dhabi',
        area: 'Saadiyat Island',
      },
      rnd,
    );
    expect(developer.description).toMatch(/residential villas and luxury developments/);
    expect(developer.description).toMatch(/Azure Developments/);
    expect(developer.description).toMatch(/Saadiyat Island|Abu Dhabi/);
    const investor = composeCardContent(
      {
        ...base,
        role: 'investor',
        company: undefined,
        roleTitle: undefined,
        investmentBudgetRange: '2m_5m',
        investmentInterests: ['real_estate', 'startups'],
      },
      rnd,
    );
    expect(investor.description).toMatch(/AED 2M – 5M/);
    expect(investor.description).toMatch(/real estate and startups/);
    const leasing = composeCardContent({ ...base, roleTitle: 'residential_leasing' }, rnd);
    expect(`${leasing.profession} ${leasing.description}`).toMatch(/leas|rent|tenant/i);
  });

  it('writes a woman’s Arabic card in the feminine', () => {
    const out = composeCardContent(
      { ...base, language: 'ar', gender: 'female', name: 'ليلى عبود' },
      createRandom(1).next,
    );
    expect(out.profession).toMatch(/^(مستشارة|أخصائية)/);
    expect(out.description).not.toMatch(/(^|\s)(يتابع|يوفّر|يخدم|يساعد|يقدّم)\s/);
  });
});

describe('an OpenAI-compatible endpoint', () => {
  const url = '/api/ai/generate-card-content';

  it('is asked with the card’s facts and its answer is used', async () => {
    behaviour = {
      kind: 'json',
      content:
        '```json\n{"profession":"Off-Plan Investment Specialist","description":"Layla helps investors buy off-plan in Dubai Marina.","salesPitch":"Early access to launches.","valueProposition":"Honest advice."}\n```',
    };
    const user = await withAi.signUp({ role: 'real_estate_broker' });
    const res = await withAi.inject({ method: 'POST', url, payload: request, as: user });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      profession: 'Off-Plan Investment Specialist',
      description: 'Layla helps investors buy off-plan in Dubai Marina.',
      salesPitch: 'Early access to launches.',
      valueProposition: 'Honest advice.',
      language: 'en',
      source: 'ai',
    });
    const last = received[received.length - 1];
    expect(last.auth).toBe('Bearer sk-test-key');
    expect(last.body.model).toBe('test-model');
    const prompt = last.body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Name: Layla Aboud');
    expect(prompt).toContain('Specialization: Off-Plan Projects');
    expect(prompt).toContain('Area: Dubai Marina');
    expect(prompt).toContain('Languages spoken: English, Arabic, French');
  });

  it.each([
    ['a garbage answer', { kind: 'json', content: 'Sure! Here is a great card for you :)' } as Behaviour],
    ['JSON without the fields', { kind: 'json', content: '{"title": 42}' } as Behaviour],
    ['a server error', { kind: 'status', status: 500 } as Behaviour],
    ['a rejected key', { kind: 'status', status: 401 } as Behaviour],
  ])('falls back to the composer on %s', async (_label, b) => {
    behaviour = b;
    const user = await withAi.signUp({ role: 'real_estate_broker' });
    const before = received.length;
    const res = await withAi.inject({ method: 'POST', url, payload: request, as: user });
    expect(res.statusCode).toBe(200);
    expect(res.json().source).toBe('composer');
    expect(res.json().description).toContain('Layla');
    // Exactly one call: no retries that keep the user waiting.
    expect(received.length - before).toBe(1);
  });

  it('writes the missing Arabic side offline: the typed English title carried over, an Arabic bio composed', async () => {
    const user = await offline.signUp({ role: 'real_estate_broker' });
    const res = await offline.inject({
      method: 'POST',
      url,
      as: user,
      payload: {
        ...request,
        gender: 'female',
        language: 'ar',
        sourceText: {
          language: 'en',
          profession: 'Senior Property Consultant',
          professionalBio: 'Layla helps investors buy off-plan in Dubai Marina.',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ language: 'ar', source: 'composer', profession: 'مستشارة عقارية أولى' });
    expect(body.description.match(/[\u0600-\u06FF]/g)?.length).toBeGreaterThan(40);
    expect(body.description).not.toMatch(/investors/);
    expect(body.salesPitch).toMatch(/[\u0600-\u06FF]/);
    // A title the list does not know: the composer's own Arabic title, never the English one.
    const unknown = composeCardContent(
      { ...request, language: 'ar', sourceText: { language: 'en', profession: 'Chief Happiness Wizard' } } as never,
      createRandom(3).next,
    );
    expect(unknown.profession).toMatch(/[\u0600-\u06FF]/);
    // And back: an Arabic title gives the English one.
    const english = composeCardContent(
      { ...request, language: 'en', sourceText: { language: 'ar', profession: 'وسيط عقاري أول' } } as never,
      createRandom(3).next,
    );
    expect(english.profession).toBe('Senior Real Estate Broker');
  });

  it('asks the endpoint to translate the card’s other side rather than invent', async () => {
    behaviour = {
      kind: 'json',
      content: JSON.stringify({ profession: 'مستشارة عقارية أولى', description: 'ليلى تساعد المستثمرين.' }),
    };
    const user = await withAi.signUp({ role: 'real_estate_broker' });
    const res = await withAi.inject({
      method: 'POST',
      url,
      as: user,
      payload: {
        ...request,
        language: 'ar',
        sourceText: { language: 'en', profession: 'Senior Property Consultant', salesPitch: 'Launch prices first.' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: 'ai', profession: 'مستشارة عقارية أولى' });
    const asked = received[received.length - 1].body.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(asked).toContain('Language of the answer: Arabic');
    expect(asked).toContain('Translate it faithfully');
    expect(asked).toContain('Profession: Senior Property Consultant');
    expect(asked).toContain('Sales pitch: Launch prices first.');
  });

  it('falls back to the composer when the endpoint does not answer in time', async () => {
    behaviour = { kind: 'hang' };
    const user = await withHangingAi.signUp({ role: 'real_estate_broker' });
    const started = Date.now();
    const res = await withHangingAi.inject({ method: 'POST', url, payload: request, as: user });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json().source).toBe('composer');
    // It waited for its own timeout (the endpoint never answers, so nothing races it) and gave up.
    expect(took).toBeGreaterThanOrEqual(HANG_TIMEOUT_MS - 20);
  });
});
