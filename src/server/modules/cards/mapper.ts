/**
 * A card row as the API answers it (one mapper). The card view (toCard) and the
 * directory entry (toDirectoryCard, the fields the directory schema picks from the card schema)
 * come from the same mapping, so a field added to cards reaches both the same way.
 */
import { EMIRATE_NAMES } from '../../../core/places';
import type { Card } from '../../../core/schemas/card';
import { DIRECTORY_CARD_FIELDS, type DirectoryCard } from '../../../core/schemas/directory';
import type { BusinessCard } from '../../db/schema';
import type { CardOwner } from './repository';

/** The card and the few owner fields the answer shows. */
export type MappedRow = {
  card: BusinessCard;
  user: Pick<CardOwner, 'id' | 'role' | 'profileImageUrl' | 'firstName' | 'lastName'>;
};

/** The API shape. Review notes and statistics are only for the owner and admins. */
export function toCard(row: MappedRow, opts: { private: boolean }): Card {
  const c = row.card;
  return {
    id: c.id,
    userId: c.userId,
    name: c.name,
    profession: c.profession,
    company: c.company,
    roleTitle: c.roleTitle,
    phone: c.phone,
    countryCode: c.countryCode,
    email: c.email,
    gender: c.gender,
    nationality: c.nationality,
    age: c.age,
    yearsOfExperience: c.yearsOfExperience,
    languages: c.languages,
    emirate: c.emirate,
    area: c.area,
    areaId: c.areaId,
    officeAddress: c.officeAddress,
    googleMapsLink: c.googleMapsLink,
    professionalBio: c.professionalBio,
    salesPitch: c.salesPitch,
    valueProposition: c.valueProposition,
    propertySpecialization: c.propertySpecialization,
    bankName: c.bankName,
    servicesOffered: c.servicesOffered,
    financingSolutions: c.financingSolutions,
    projectPortfolioLink: c.projectPortfolioLink,
    investmentBudgetRange: c.investmentBudgetRange,
    investmentInterests: c.investmentInterests,
    investmentProfile: c.investmentProfile,
    regionsOfInterest: c.regionsOfInterest,
    description: c.description,
    socialLinks: c.socialLinks ?? {},
    profileImageUrl: c.profileImageUrl ?? row.user.profileImageUrl,
    brnNumber: c.brnNumber,
    ornNumber: c.ornNumber,
    practiceCardNumber: c.practiceCardNumber,
    licenseVerified: c.licenseVerified,
    status: c.status,
    rejectionReason: opts.private ? c.rejectionReason : null,
    isPublic: c.isPublic,
    aiGenerated: c.aiGenerated,
    primaryLanguage: c.primaryLanguage,
    translations: c.translations ?? {},
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    version: c.version,
    pendingRevision: opts.private ? (c.pendingRevision ?? null) : null,
    user: {
      id: row.user.id,
      role: row.user.role,
      profileImageUrl: row.user.profileImageUrl,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
    },
    ...(opts.private ? { stats: { views: c.viewCount, vcardDownloads: c.vcardDownloads, qrVisits: c.qrVisits } } : {}),
  };
}

type DirectoryField = keyof typeof DIRECTORY_CARD_FIELDS;
const DIRECTORY_FIELD_NAMES = Object.keys(DIRECTORY_CARD_FIELDS) as DirectoryField[];

/** A directory entry: the public card's fields the directory shows, the city as people read it, the owner. */
export function toDirectoryCard(r: {
  card: BusinessCard;
  userRole: DirectoryCard['user']['role'];
  userImage: string | null;
}): DirectoryCard {
  const user = { id: r.card.userId, role: r.userRole, profileImageUrl: r.userImage };
  const c = toCard({ card: r.card, user: { ...user, firstName: '', lastName: '' } }, { private: false });
  const picked = Object.fromEntries(DIRECTORY_FIELD_NAMES.map((k) => [k, c[k]])) as Pick<Card, DirectoryField>;
  return {
    ...picked,
    city: c.emirate ? EMIRATE_NAMES[c.emirate] : null,
    user,
  };
}
