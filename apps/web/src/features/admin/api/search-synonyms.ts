import type { SearchSynonyms, SearchSynonymsInput } from '@mp/contract/api/search-synonyms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

const synonymKeys = { all: ['search-synonyms'] as const };

/** GET /api/v2.0/SearchSynonyms (admins): the groups of the list SynoniemCode names. */
export function useSearchSynonyms() {
  return useQuery({
    queryKey: synonymKeys.all,
    queryFn: ({ signal }) =>
      api.get('/SearchSynonyms', { signal, answer: (c) => c.searchSynonyms.searchSynonyms }),
  });
}

/** PUT /api/v2.0/SearchSynonyms: every group at once (all or nothing). */
export function useSaveSearchSynonyms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SearchSynonymsInput) =>
      api.put('/SearchSynonyms', input, { answer: (c) => c.searchSynonyms.searchSynonyms }),
    onSuccess: (saved: SearchSynonyms) => queryClient.setQueryData(synonymKeys.all, saved),
  });
}
