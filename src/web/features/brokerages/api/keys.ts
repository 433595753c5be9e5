/** Query keys of the brokerages feature. */
export { MY_BROKERAGE_KEY } from '../../../lib/use-my-brokerage';
export const membersKey = (id: string) => ['/api/brokerages', id, 'members'] as const;
export const invitationsKey = (id: string) => ['/api/brokerages', id, 'invitations'] as const;
export const invitationKey = (token: string) => ['/api/brokerages/invitations', token] as const;
export const publicBrokerageKey = (slug: string, q: Record<string, string | undefined>) =>
  ['/api/brokerages', slug, q] as const;
