import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationSettingsResponse, type ModerationSettings, type ModerationSettingsBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

const settingsKey = ['/api/moderation/settings'] as const;

/** GET /api/moderation/settings (moderators): the auto-hide threshold and the reasons users may report for. */
export async function moderationSettings(signal?: AbortSignal): Promise<ModerationSettings> {
  return moderationSettingsResponse.parse(await apiJson('GET', settingsKey[0], undefined, signal));
}

export const moderationSettingsQueryOptions = queryOptions({
  queryKey: settingsKey,
  queryFn: ({ signal }) => moderationSettings(signal),
  retry: false,
});

export function useModerationSettings() {
  return useQuery(moderationSettingsQueryOptions);
}

/** PUT /api/moderation/settings (admins): records the change as an event; answers the settings as they now are. */
export function useChangeModerationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ModerationSettingsBody) =>
      moderationSettingsResponse.parse(await apiJson('PUT', settingsKey[0], body)),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
}
