import type { AddRemovalLinesInput, RemovalList } from '@mp/contract/api/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n/i18n';
import { offlineQueue } from '../offline/lazy';
import { removalListKeys } from './removal-lists';

// A file of its own: the offline queue it uses stays out of what the shell loads (the main bar's count and the kept
// reads import ./removal-lists).

/**
 * Puts lines on the removal list of a location; the list (and the main bar's count) follows. Without reception the
 * change waits in the offline queue (decision 0031) and the mutation answers null: the caller says it was kept.
 */
export function useAddToRemovalList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      locationNo,
      input,
    }: {
      locationNo: string;
      input: AddRemovalLinesInput;
    }): Promise<RemovalList | null> => {
      // what the queue's list names it by: the plant, the amount of an item, or "return all" of the location
      const label = input.all
        ? `${locationNo}: ${i18n.t('Materieelvoorraad.alles_retour')}`
        : (input.lines ?? []).map((l) => l.plantNo ?? `${l.amount} × ${l.itemNo}`).join(', ');
      const { sendOrQueue } = await offlineQueue();
      const out = await sendOrQueue<RemovalList>({ kind: 'removal.add', locationNo, input }, label);
      return out.queued ? null : out.answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: removalListKeys.all }),
  });
}
