/**
 * Names refuse Unicode bidirectional controls: U+202E and friends make
 * "Ahmed\u202Egnp.exe" display as something else, so a card could pose as another person.
 * Arabic and Latin text mixes correctly without them; the browser's own algorithm does it.
 */
import type { z } from 'zod';

/** LRM/RLM/ALM, the embeddings and overrides (U+202A–202E) and the isolates (U+2066–2069). */
export const BIDI_CONTROL_RE = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const BIDI_MESSAGE = 'Remove the invisible text-direction characters from this field';

/** A string refinement: no bidi control characters. */
export const withoutBidi = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((v) => !BIDI_CONTROL_RE.test(v), BIDI_MESSAGE);
