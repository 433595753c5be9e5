/** How many follow-ups are due today or earlier, for the navigation's badge (0 when signed out). */
import { useAuth } from '../../lib/use-auth';
import { useDueCount } from './api';

export function useDueFollowUps(): number {
  const { isAuthenticated } = useAuth();
  return useDueCount(isAuthenticated).data?.count ?? 0;
}
