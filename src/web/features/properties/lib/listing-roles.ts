/** Who may list properties (brokers and developers; the server enforces it too). */
import type { UserRole } from '../../../../core/enums';

const LISTING_ROLES: readonly UserRole[] = ['real_estate_broker', 'real_estate_developer'];

export function canListProperties(user: { role: UserRole } | null | undefined): boolean {
  return Boolean(user && LISTING_ROLES.includes(user.role));
}
