/**
 * Demo listings: 64 approved properties of the demo brokers and developers, spread
 * over the emirates, areas, types, sale and rent, and realistic AED prices, each with photos;
 * four waiting for review and one rejected with its reason.
 */
import { type PermitAuthority, uaeToday } from '../../../core/permits';
import type { PropertyStatus, PropertyType } from '../../../core/enums';
import { PROPERTY_TYPES } from '../../../core/enums';
import { type Area, DEMO_AREAS, EMIRATE_NAMES } from '../../../core/places';
import { properties } from '../schema';
import type { SeedStep } from './index';
import { TYPE_LABEL, writeArabic } from './listings-ar';
import { renderListingPhotos } from './listing-photos';
import type { Random } from './random';

const APPROVED = 64;
const PENDING = 4;

/** Price ranges in AED (sale: total; rent: per year) before the emirate factor. */
const PRICES: Record<
  PropertyType,
  { sale: [number, number]; rent: [number, number]; beds: [number, number]; sqftPerBed: number }
> = {
  apartment: { sale: [650_000, 3_800_000], rent: [55_000, 230_000], beds: [1, 3], sqftPerBed: 650 },
  villa: { sale: [2_600_000, 28_000_000], rent: [160_000, 700_000], beds: [3, 7], sqftPerBed: 1100 },
  townhouse: { sale: [1_400_000, 4_800_000], rent: [110_000, 280_000], beds: [2, 4], sqftPerBed: 800 },
  penthouse: { sale: [6_500_000, 48_000_000], rent: [380_000, 1_300_000], beds: [3, 6], sqftPerBed: 1300 },
  studio: { sale: [380_000, 980_000], rent: [36_000, 85_000], beds: [0, 0], sqftPerBed: 0 },
  office: { sale: [950_000, 8_500_000], rent: [85_000, 650_000], beds: [0, 0], sqftPerBed: 0 },
  retail: { sale: [1_100_000, 6_500_000], rent: [95_000, 420_000], beds: [0, 0], sqftPerBed: 0 },
};
const EMIRATE_FACTOR: Record<string, number> = {
  dubai: 1,
  abu_dhabi: 0.9,
  sharjah: 0.55,
  ajman: 0.42,
  ras_al_khaimah: 0.6,
  fujairah: 0.5,
  umm_al_quwain: 0.4,
};

const FEATURES: Record<PropertyType, string[]> = {
  apartment: [
    'Sea View',
    'Balcony',
    'Shared Pool',
    'Gym',
    'Covered Parking',
    'Built-in Wardrobes',
    'Close to Metro',
    'Concierge',
    'Chiller Free',
    'Furnished',
    'Pets Allowed',
  ],
  villa: [
    'Private Pool',
    'Garden',
    "Maid's Room",
    "Driver's Room",
    'Covered Parking',
    'Study',
    'Upgraded Kitchen',
    'Landscaped Garden',
    'Smart Home',
    'Golf Course View',
    'Beach Access',
  ],
  townhouse: [
    'Garden',
    'Community Pool',
    "Maid's Room",
    'Covered Parking',
    'Park View',
    'Study',
    'Kids Play Area',
    'Corner Unit',
  ],
  penthouse: [
    'Private Pool',
    'Panoramic Sea View',
    'Burj Khalifa View',
    'Private Lift',
    'Roof Terrace',
    'Concierge',
    'Smart Home',
    'Designer Finish',
    'Jacuzzi',
  ],
  studio: ['Balcony', 'Shared Pool', 'Gym', 'Close to Metro', 'Furnished', 'Built-in Wardrobes', 'Chiller Free'],
  office: [
    'Fitted',
    'Partitioned',
    'Pantry',
    'Covered Parking',
    'Close to Metro',
    'Sea View',
    '24/7 Access',
    'Meeting Rooms',
  ],
  retail: [
    'Street Facing',
    'High Footfall',
    'Shell and Core',
    'Mezzanine',
    'Covered Parking',
    'Corner Unit',
    'Loading Bay',
  ],
};

const ADJECTIVES = [
  'Bright',
  'Spacious',
  'Upgraded',
  'Modern',
  'Elegant',
  'Brand New',
  'Well-kept',
  'Luxury',
  'Corner',
  'Vacant',
];
const BUILDINGS = [
  'Tower A',
  'Residences',
  'Gate',
  'Heights',
  'Park Views',
  'Bay Tower',
  'Gardens',
  'Boulevard',
  'Central',
  'Marina Point',
];

/** Which types fit an area: towers in the city, villas in the communities. */
const VILLA_AREAS = new Set([
  'Emirates Hills',
  'Arabian Ranches',
  'Dubai Hills',
  'Palm Jumeirah',
  'Jumeirah',
  'Damac Hills',
  'Saadiyat Island',
  'Yas Island',
  'Khalifa City',
  'Al Hamra Village',
  'Aljada',
  'Mirdif',
  'Al Barsha',
  'Meydan',
  'Al Rashidiya',
]);
const OFFICE_AREAS = new Set([
  'Business Bay',
  'DIFC',
  'JLT',
  'Downtown Dubai',
  'Dubai Silicon Oasis',
  'Al Reem Island',
  'Al Majaz',
  'Al Khan',
  'Al Nuaimiya',
]);

function typeFor(area: Area, rnd: Random): PropertyType {
  if (VILLA_AREAS.has(area.name)) return rnd.pick(['villa', 'villa', 'townhouse', 'apartment'] as const);
  if (OFFICE_AREAS.has(area.name)) return rnd.pick(['office', 'apartment', 'apartment', 'retail', 'studio'] as const);
  return rnd.pick(['apartment', 'apartment', 'penthouse', 'studio', 'retail'] as const);
}

const roundTo = (v: number, step: number) => Math.max(step, Math.round(v / step) * step);

function describeListing(
  type: PropertyType,
  status: PropertyStatus,
  beds: number | null,
  area: Area,
  features: string[],
): string {
  const what = beds ? `${beds}-bedroom ${TYPE_LABEL[type].toLowerCase()}` : TYPE_LABEL[type].toLowerCase();
  const deal = status === 'for_rent' ? 'available for rent on a yearly contract' : 'offered for sale';
  const article = /^[aeiou]/i.test(what) ? 'An' : 'A';
  return [
    `${article} ${what} in ${area.name}, ${EMIRATE_NAMES[area.emirate]}, ${deal}.`,
    `Highlights include ${features.slice(0, 3).join(', ').toLowerCase()}.`,
    status === 'for_rent'
      ? 'Flexible cheques, ready to move in; viewings any day of the week.'
      : 'Title deed ready; mortgage assistance available through our banking partners.',
  ].join(' ');
}

/** Listings that answer the smart search's worked examples ("3 bedroom villa for rent in Dubai Hills under 250K"). */
const SHOWCASE: { area: string; type: PropertyType; status: PropertyStatus; beds: number; price: number }[] = [
  { area: 'Dubai Hills', type: 'villa', status: 'for_rent', beds: 3, price: 235_000 },
  { area: 'Dubai Marina', type: 'apartment', status: 'for_sale', beds: 2, price: 1_850_000 },
  { area: 'Dubai Marina', type: 'apartment', status: 'for_rent', beds: 1, price: 95_000 },
  { area: 'Downtown Dubai', type: 'penthouse', status: 'for_sale', beds: 4, price: 18_500_000 },
];

export const seedProperties: SeedStep = async (ctx, state) => {
  const { rnd } = state;
  const owners = state.users
    .map((d) => d.user)
    .filter((u) => u.role === 'real_estate_broker' || u.role === 'real_estate_developer');
  if (owners.length === 0) return;
  const photos = await renderListingPhotos(ctx.uploads, PROPERTY_TYPES);
  // About half in Dubai, the rest over the other emirates, every area used at least once.
  const dubai = DEMO_AREAS.filter((a) => a.emirate === 'dubai');
  const others = DEMO_AREAS.filter((a) => a.emirate !== 'dubai');
  const now = Date.now();
  const rows: (typeof properties.$inferInsert)[] = [];
  // One listed Dubai unit's permit ends within the week, so the owner's reminder shows at first start.
  let soonShown = false;
  for (let i = 0; i < APPROVED + PENDING + 1; i++) {
    const showcase = SHOWCASE[i];
    const area = showcase
      ? (DEMO_AREAS.find((a) => a.name === showcase.area) ?? DEMO_AREAS[0])
      : i - SHOWCASE.length < DEMO_AREAS.length
        ? DEMO_AREAS[i - SHOWCASE.length]
        : rnd.next() < 0.55
          ? rnd.pick(dubai)
          : rnd.pick(others);
    const type = showcase?.type ?? typeFor(area, rnd);
    const status: PropertyStatus =
      showcase?.status ?? (type === 'penthouse' || rnd.next() < 0.65 ? 'for_sale' : 'for_rent');
    const spec = PRICES[type];
    const [lo, hi] = status === 'for_sale' ? spec.sale : spec.rent;
    const beds =
      showcase?.beds ?? (spec.beds[1] > 0 ? rnd.int(spec.beds[0], spec.beds[1]) : type === 'studio' ? 0 : null);
    // Bigger homes cost more: the bedroom count sets most of the price, chance the rest.
    const size =
      beds && spec.beds[1] > spec.beds[0] ? (beds - spec.beds[0]) / (spec.beds[1] - spec.beds[0]) : rnd.next();
    const price =
      showcase?.price ??
      roundTo(
        (lo + (size * 0.7 + rnd.next() * 0.3) * (hi - lo)) * EMIRATE_FACTOR[area.emirate],
        status === 'for_sale' ? 10_000 : 5_000,
      );
    const sqft =
      type === 'studio'
        ? rnd.int(380, 560)
        : beds
          ? roundTo(beds * spec.sqftPerBed * (0.85 + rnd.next() * 0.5), 10)
          : roundTo(600 + rnd.next() * 4400, 10);
    const features = rnd.some(FEATURES[type], 3, 6);
    const city = EMIRATE_NAMES[area.emirate];
    const owner = owners[i % owners.length];
    const createdAt = new Date(now - (i * 31 + rnd.int(0, 30)) * 3600 * 1000);
    const pending = i >= APPROVED;
    const [first, second] = photos[type];
    const adjective = rnd.pick(ADJECTIVES);
    const endsSoon = !pending && area.emirate === 'dubai' && !soonShown;
    if (endsSoon) soonShown = true;
    rows.push({
      userId: owner.id,
      title: `${adjective} ${beds ? `${beds}-Bedroom ` : ''}${TYPE_LABEL[type]} in ${area.name}`,
      translations: { ar: writeArabic({ adjective, type, status, beds, area, features }) },
      description: describeListing(type, status, beds, area, features),
      propertyType: type,
      status,
      price,
      bedrooms: beds,
      bathrooms: beds === null ? (type === 'office' ? rnd.int(1, 2) : null) : Math.max(1, beds + rnd.int(0, 1)),
      area: sqft,
      address: `${rnd.pick(BUILDINGS)} ${rnd.int(1, 12)}, ${area.name}`,
      city,
      location: area.name,
      locationId: area.id,
      imageUrls: i % 2 === 0 ? [first, second] : [second, first],
      features,
      permitNumber: area.emirate === 'dubai' ? `71${rnd.int(10_000_000, 99_999_999)}` : permitOf(area.emirate, i),
      ...permitDetails(area.emirate, i, now, endsSoon),
      isApproved: !pending,
      rejectionReason:
        i === APPROVED + PENDING
          ? 'The photos do not show this unit. Please upload photos of the property itself.'
          : null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await ctx.db.insert(properties).values(rows);
};

/**
 * The demo's permits, drawn from the listing's index rather than the random stream, so the rest of
 * the demo stays as it was: Madhmoun numbers in Abu Dhabi, a Sharjah permit on every third
 * listing there, none elsewhere (optional outside Dubai and Abu Dhabi).
 */
function permitOf(emirate: string, i: number): string | null {
  if (emirate === 'abu_dhabi') return `ADM-2026-${String(10_000 + ((i * 7_919) % 90_000)).padStart(5, '0')}`;
  if (emirate === 'sharjah' && i % 3 === 0) return `SHJ-${40_000 + i}`;
  return null;
}

/** Authority and a future expiry (3 to 12 months), or 5 days for the one that shows the reminder. */
function permitDetails(emirate: string, i: number, now: number, endsSoon: boolean) {
  const authority: PermitAuthority | null =
    emirate === 'dubai' ? 'trakheesi' : emirate === 'abu_dhabi' ? 'madhmoun' : null;
  if (!authority && !permitOf(emirate, i)) return {};
  const days = endsSoon ? 5 : 90 + ((i * 37) % 270);
  return {
    permitAuthority: authority ?? ('other' as const),
    permitAuthorityName: authority ? null : 'Sharjah Real Estate Registration Department',
    permitExpiresOn: uaeToday(new Date(now + days * 86_400_000)),
  };
}
