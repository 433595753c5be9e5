/**
 * The structure the English and Arabic composers share: a profile per specialization,
 * how a description is put together from it, and which profile each role gets. What differs
 * between the languages is only their phrasebook.
 */
import type { CardContent } from './types';
import type { ComposeFacts, Picker } from './composer';

/**
 * The copy for one specialization (copy/en.json, copy/ar.json). `{place}` in a sentence is the
 * card's area and emirate, or the phrasebook's default place.
 */
export interface Profile {
  titles: string[];
  /** Who the person serves, used inside sentences. */
  clients: string[];
  expertise: string[];
  pitch: string[];
  value: string[];
}

/** A language's copy per specialization: brokers, loan advisers, and the fallback broker profile. */
export interface Copy {
  broker: Record<string, Profile>;
  brokerDefault: Profile;
  loans: Record<string, Profile> & { all_loans: Profile };
}

/** One language's copy and sentence patterns. */
export interface Phrasebook extends Copy {
  /** `{place}` when the card names no emirate or area. */
  defaultPlace: string;
  closers: readonly string[];
  opener(f: ComposeFacts, p: Picker, title: string, clients: string, org?: string): string;
  languagesLine(f: ComposeFacts, p: Picker): string | null;
  /** The title as shown (English adds "Senior" for long experience). */
  title?(f: ComposeFacts, p: Picker, title: string): string;
  /** An expertise sentence as it reads in the description (English names the person). */
  expertise?(f: ComposeFacts, line: string): string;
  developer(f: ComposeFacts, p: Picker): CardContent;
  investor(f: ComposeFacts, p: Picker): CardContent;
}

export const assemble = (parts: (string | null)[]) => parts.filter(Boolean).join(' ');

const fill = (book: Phrasebook, f: ComposeFacts, line: string) =>
  line.replaceAll('{place}', f.place ?? book.defaultPlace);

function fromProfile(book: Phrasebook, f: ComposeFacts, p: Picker, profile: Profile, org?: string): CardContent {
  const picked = p.pick(profile.titles);
  const title = book.title ? book.title(f, p, picked) : picked;
  const clients = p.pick(profile.clients);
  const line = fill(book, f, p.pick(profile.expertise));
  return {
    profession: title,
    description: assemble([
      book.opener(f, p, title, clients, org),
      book.expertise ? book.expertise(f, line) : line,
      book.languagesLine(f, p),
      p.pick(book.closers),
    ]),
    salesPitch: fill(book, f, p.pick(profile.pitch)),
    valueProposition: fill(book, f, p.pick(profile.value)),
  };
}

/** The card's copy in the phrasebook's language, by role and specialization. */
export function composeWith(book: Phrasebook, f: ComposeFacts, p: Picker): CardContent {
  switch (f.role) {
    case 'real_estate_broker':
      return fromProfile(book, f, p, (f.specialization && book.broker[f.specialization]) || book.brokerDefault);
    case 'banking_broker': {
      const out = fromProfile(
        book,
        f,
        p,
        (f.specialization && book.loans[f.specialization]) || book.loans.all_loans,
        f.company ?? f.bank,
      );
      return f.company || !f.bank ? out : { ...out, suggestedCompany: f.bank };
    }
    case 'real_estate_developer':
      return book.developer(f, p);
    default:
      return book.investor(f, p);
  }
}
