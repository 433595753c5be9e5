/**
 * The AI step only ever improves the offline reading: its fields are used when it answers with
 * valid ones, and a failing endpoint (down, timed out, nonsense) leaves the offline result.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseScanAnswer } from './ai';
import type { OcrPool } from './ocr';
import { scanCard } from './service';

const photo = await sharp({ create: { width: 600, height: 350, channels: 3, background: '#ffffff' } })
  .jpeg()
  .toBuffer();
const ocr: OcrPool = {
  read: async () => ({
    text: 'Sara Khan\nsara@palm.ae\n050 111 2233',
    lines: [{ text: 'Sara Khan' }, { text: 'sara@palm.ae' }, { text: '050 111 2233' }],
    confidence: 0.9,
  }),
  close: async () => {},
};

describe('AI refinement of a scan', () => {
  it('keeps the offline fields when the endpoint fails', async () => {
    const errors: unknown[] = [];
    const result = await scanCard(
      {
        ocr,
        refine: async () => {
          throw new Error('Request timed out.');
        },
        onAiError: (err) => errors.push(err),
      },
      { front: photo },
    );
    expect(result.source).toBe('ocr');
    expect(result.fields).toMatchObject({ name: 'Sara Khan', emails: ['sara@palm.ae'], phones: ['+971501112233'] });
    expect(errors).toHaveLength(1);
  });

  it('uses the fields the model corrected and keeps the rest', async () => {
    const result = await scanCard(
      {
        ocr,
        refine: async () => parseScanAnswer('```json\n{"company":"Palm Realty LLC","phones":["+971 4 555 1212"]}\n```'),
      },
      { front: photo },
    );
    expect(result.source).toBe('ai');
    expect(result.fields.company).toBe('Palm Realty LLC');
    expect(result.fields.phones).toEqual(['+97145551212', '+971501112233']);
    expect(result.fields.name).toBe('Sara Khan');
  });

  it('ignores an answer that is not JSON or holds invalid values', () => {
    expect(parseScanAnswer('Sorry, I cannot read this card.')).toBeNull();
    expect(parseScanAnswer('{"emails":["not an e-mail"],"brn":"abc","name":"Sara Khan"}')).toEqual({
      name: 'Sara Khan',
    });
  });
});
