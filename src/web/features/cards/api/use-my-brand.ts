/**
 * The brand of the signed-in user's brokerage, for the card editor's locked fields.
 * Reads GET /api/brokerages/my (the brokerages feature caches the same key).
 */
import { useQuery } from '@tanstack/react-query';
import type { CardBrokerage } from '../../../../core/schemas/brokerage-brand';
import type { MyBrokerage } from '../../../../core/schemas/brokerages';
import { apiJson } from '../../../lib/api';

export function useMyBrand() {
  return useQuery({
    queryKey: ['/api/brokerages/my'],
    queryFn: () => apiJson<MyBrokerage>('GET', '/api/brokerages/my'),
    staleTime: 60_000,
    select: (mine): CardBrokerage | null =>
      mine
        ? {
            slug: mine.brokerage.slug,
            name: mine.brokerage.name,
            nameAr: mine.brokerage.nameAr,
            logoUrl: mine.brokerage.logoUrl,
            primaryColor: mine.brokerage.primaryColor,
            secondaryColor: mine.brokerage.secondaryColor,
            ornNumber: mine.brokerage.ornNumber,
            officeAddress: mine.brokerage.officeAddress,
            verified: mine.brokerage.ornVerified,
            lockedFields: mine.brokerage.lockedFields,
          }
        : null,
  });
}
