// @vitest-environment happy-dom
/**
 * A card photographed offline is saved under the key made when it was taken. Saving it again
 * (the first answer lost on the way back) must send the very same request, or the server refuses
 * the key as used for a different one: the photo is uploaded once and its URL kept on the device,
 * and an upload that failed for now leaves nothing kept and sends no contact.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ReviewValues, saveScannedContact } from './use-scan';
import { addCapture, getCapture, type ScanCapture } from '../../../lib/offline/outbox';

const values: ReviewValues = {
  name: 'Layla Haddad',
  nameAr: '',
  title: 'Broker',
  company: 'Gulf Homes',
  phones: ['050 444 1122'],
  emails: [],
  website: '',
  address: '',
  brn: '',
  orn: '',
};

interface Sent {
  key: string | undefined;
  body: string;
}

/** A server stand-in: uploads answer in turn from `uploads`; contacts are recorded, then answered by `contactAnswer`. */
function serve(uploads: (() => Response)[], contactAnswer: () => Response) {
  const sent: Sent[] = [];
  let uploadCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/uploads/images') {
        const answer = uploads[uploadCalls++];
        if (!answer) throw new Error(`unexpected upload #${uploadCalls}`);
        return answer();
      }
      if (url === '/api/contacts') {
        sent.push({ key: new Headers(init.headers).get('Idempotency-Key') ?? undefined, body: String(init.body) });
        return contactAnswer();
      }
      throw new Error(`unexpected request ${url}`);
    }),
  );
  return { sent, uploads: () => uploadCalls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const lost = () => {
  throw new TypeError('Failed to fetch');
};

let capture: ScanCapture;
beforeEach(async () => {
  capture = {
    id: crypto.randomUUID(),
    kind: 'scan',
    userId: 'user-1',
    createdAt: Date.now(),
    front: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }),
    back: null,
    result: null,
  };
  await addCapture(capture);
});
afterEach(() => vi.unstubAllGlobals());

describe('saving a card photographed offline', () => {
  it('sends the same request when saved again: the photo is uploaded once and its URL kept', async () => {
    const url = '/api/uploads/aa.webp';
    // A second upload would fail: were it tried, the contact would go without its photo.
    let answerLost = true;
    const server = serve(
      [() => json(201, { url, width: 10, height: 10, bytes: 4 }), () => json(503, { message: 'busy' })],
      () => (answerLost ? lost() : json(201, { id: 'c1' })),
    );
    await expect(saveScannedContact({ values, photo: capture.front, capture })).rejects.toThrow('Failed to fetch');
    expect((await getCapture(capture.id)) as ScanCapture).toMatchObject({ photoUrl: url });

    answerLost = false;
    await expect(saveScannedContact({ values, photo: capture.front, capture })).resolves.toEqual({ id: 'c1' });
    expect(server.uploads()).toBe(1);
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]).toEqual(server.sent[0]);
    expect(server.sent[0].key).toBe(capture.id);
    expect(JSON.parse(server.sent[0].body)).toMatchObject({ name: 'Layla Haddad', source: 'scan', photoUrl: url });
  });

  it('sends no contact while the photo cannot be uploaded, and uploads it on the next save', async () => {
    const url = '/api/uploads/bb.webp';
    const server = serve([lost, () => json(503, { message: 'busy' }), () => json(201, { url })], () =>
      json(201, { id: 'c2' }),
    );
    await expect(saveScannedContact({ values, photo: capture.front, capture })).rejects.toThrow();
    await expect(saveScannedContact({ values, photo: capture.front, capture })).rejects.toThrow();
    expect(server.sent).toHaveLength(0);
    expect(((await getCapture(capture.id)) as ScanCapture).photoUrl).toBeUndefined();

    await expect(saveScannedContact({ values, photo: capture.front, capture })).resolves.toEqual({ id: 'c2' });
    expect(server.sent).toHaveLength(1);
    expect(JSON.parse(server.sent[0].body).photoUrl).toBe(url);
  });

  it('saves the contact without a photo the server refuses for good, and keeps that answer', async () => {
    const server = serve([() => json(415, { message: 'Only JPEG, PNG or WebP photos are accepted.' })], () =>
      json(201, { id: 'c3' }),
    );
    await expect(saveScannedContact({ values, photo: capture.front, capture })).resolves.toEqual({ id: 'c3' });
    await expect(saveScannedContact({ values, photo: capture.front, capture })).resolves.toEqual({ id: 'c3' });
    expect(server.uploads()).toBe(1);
    expect(JSON.parse(server.sent[0].body)).not.toHaveProperty('photoUrl');
    expect(server.sent[1]).toEqual(server.sent[0]);
  });
});
