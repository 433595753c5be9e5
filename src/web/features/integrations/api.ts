/** The integrations page's requests: webhook endpoints and their deliveries, and the HubSpot connection. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HubspotStatus, HubspotSync } from '../../../core/schemas/hubspot';
import type {
  CreatedWebhook,
  CreateWebhookBody,
  DeliveriesPage,
  WebhookDelivery,
  WebhookEndpoint,
} from '../../../core/schemas/webhooks';
import { apiJson, apiRequest, toQueryString } from '../../lib/api';

/** Whose integrations the page shows: the user's own, or their brokerage's (owners and managers). */
export type Scope = 'me' | 'brokerage';

const WEBHOOKS_KEY = ['/api/webhooks'] as const;
const HUBSPOT_KEY = ['/api/integrations/hubspot'] as const;
const q = (scope: Scope) => (scope === 'brokerage' ? '?scope=brokerage' : '');

export function useWebhooks(scope: Scope) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, scope],
    queryFn: () => apiJson<{ items: WebhookEndpoint[] }>('GET', `/api/webhooks${q(scope)}`),
    staleTime: 0,
  });
}

export function useDeliveries(scope: Scope, endpointId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...WEBHOOKS_KEY, scope, endpointId, 'deliveries'],
    queryFn: ({ pageParam }) =>
      apiJson<DeliveriesPage>(
        'GET',
        `/api/webhooks/${endpointId}/deliveries${toQueryString({ scope: scope === 'brokerage' ? scope : undefined, cursor: pageParam, limit: 30 })}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
    staleTime: 0,
    // A queued delivery is sent within a moment: look again until none is pending.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.items.some((d) => d.status === 'pending')) ? 1500 : false,
  });
}

export function useWebhookMutations(scope: Scope) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, scope] });
  return {
    create: useMutation({
      mutationFn: (body: CreateWebhookBody) => apiJson<CreatedWebhook>('POST', `/api/webhooks${q(scope)}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest('DELETE', `/api/webhooks/${id}${q(scope)}`),
      onSuccess: refresh,
    }),
    enable: useMutation({
      mutationFn: (id: string) => apiJson<WebhookEndpoint>('POST', `/api/webhooks/${id}/enable${q(scope)}`),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (id: string) => apiJson<WebhookDelivery>('POST', `/api/webhooks/${id}/test${q(scope)}`),
      onSuccess: refresh,
    }),
    retry: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
        apiJson<WebhookDelivery>('POST', `/api/webhooks/${id}/deliveries/${deliveryId}/retry${q(scope)}`),
      onSuccess: refresh,
    }),
  };
}

export function useHubspot(scope: Scope) {
  return useQuery({
    queryKey: [...HUBSPOT_KEY, scope],
    queryFn: () => apiJson<HubspotStatus>('GET', `/api/integrations/hubspot${q(scope)}`),
    staleTime: 0,
  });
}

export function useHubspotSyncs(scope: Scope, enabled: boolean) {
  return useQuery({
    queryKey: [...HUBSPOT_KEY, scope, 'syncs'],
    queryFn: () => apiJson<{ items: HubspotSync[] }>('GET', `/api/integrations/hubspot/syncs${q(scope)}`),
    enabled,
    staleTime: 0,
  });
}

export function useHubspotMutations(scope: Scope) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [...HUBSPOT_KEY, scope] });
  return {
    connect: useMutation({
      mutationFn: (token: string) => apiJson<HubspotStatus>('PUT', `/api/integrations/hubspot${q(scope)}`, { token }),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: () =>
        apiJson<{ ok: boolean; portalId: string | null; error: string | null }>(
          'POST',
          `/api/integrations/hubspot/test${q(scope)}`,
        ),
    }),
    disconnect: useMutation({
      mutationFn: () => apiRequest('DELETE', `/api/integrations/hubspot${q(scope)}`),
      onSuccess: refresh,
    }),
  };
}
