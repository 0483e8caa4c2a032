/**
 * The greetings screen's server calls (§7 Greetings): the company's greetings (the number page's greeting picker
 * reads the same cache entry), the server's text-to-speech voices, a spoken preview as audio, adding or changing
 * a greeting (multipart: text, a file or a recording) and deleting one. A change refreshes every greetings list.
 */
import { GREETING_ENDPOINTS, type Greeting } from '@shared/api/greetings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';
import { numberPageKeys } from '../numbers/numberPageApi';
import { type GreetingDraft, greetingFields } from './greetingModel';

export const greetingKeys = {
  lists: () => ['Greetings', 'list'] as const,
  list: (companyId: number) => numberPageKeys.greetings(companyId),
  voices: () => ['Greetings', 'voices'] as const,
};

export function useGreetingList(companyId: number) {
  return useQuery({
    queryKey: greetingKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.call(GREETING_ENDPOINTS.list, { query: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
  });
}

/** The voices change only when the server's text-to-speech does: asked once a session. */
export function useGreetingVoices(enabled: boolean) {
  return useQuery({
    queryKey: greetingKeys.voices(),
    queryFn: ({ signal }) => api.call(GREETING_ENDPOINTS.voices, undefined, { signal, silent: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The text spoken by the voice, as WAV audio to play: a preview, nothing stored. */
export async function speakPreview(companyId: number, content: string, voice: string): Promise<Blob> {
  const audio = await api.call(
    GREETING_ENDPOINTS.speak,
    { query: { companyId }, body: { content, voice } },
    { silent: true, responseType: 'blob' },
  );
  return audio as Blob;
}

export interface SaveGreeting {
  companyId: number;
  draft: GreetingDraft;
}

export function useSaveGreeting() {
  const client = useQueryClient();
  return useContractMutation(GREETING_ENDPOINTS.save, {
    call: ({ companyId, draft }: SaveGreeting) => ({
      input: { query: { companyId }, body: greetingFields(draft) },
      name: draft.name || 'the greeting',
    }),
    silent: true,
    onSuccess: () => void client.invalidateQueries({ queryKey: greetingKeys.lists() }),
  });
}

export function useDeleteGreeting() {
  const client = useQueryClient();
  return useContractMutation(GREETING_ENDPOINTS.remove, {
    call: (greeting: Greeting) => ({ input: { params: { id: greeting.id } }, name: greeting.name }),
    silent: true,
    onSuccess: () => void client.invalidateQueries({ queryKey: greetingKeys.lists() }),
  });
}
