/** GET and PATCH /api/account/settings: card visibility and e-mail preferences. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AccountSettings, SettingsUpdate } from '../../../../core/schemas/account';
import { apiJson, queryClient } from '../../../lib/api';
import { SETTINGS_KEY } from './keys';

export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => apiJson<AccountSettings>('GET', SETTINGS_KEY[0]),
    staleTime: 0,
  });
}

/** Saves at once and shows the new value straight away; a failure puts the old one back. */
export function useUpdateSettings() {
  return useMutation({
    mutationFn: (input: SettingsUpdate) => apiJson<AccountSettings>('PATCH', SETTINGS_KEY[0], input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_KEY });
      const previous = queryClient.getQueryData<AccountSettings>(SETTINGS_KEY);
      if (previous) {
        queryClient.setQueryData<AccountSettings>(SETTINGS_KEY, {
          ...previous,
          ...(input.cardVisibility ? { cardVisibility: input.cardVisibility } : {}),
          notificationPrefs: { ...previous.notificationPrefs, ...input.notificationPrefs },
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(SETTINGS_KEY, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(SETTINGS_KEY, data),
  });
}
