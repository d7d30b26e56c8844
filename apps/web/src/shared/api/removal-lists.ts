import type { AddRemovalLinesInput, RemovalList } from '@mp/contract/api/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '../offline/queue';
import { removalListKeys } from './removal-list-calls';

// The calls live in removal-list-calls.ts (the offline queue sends them too, and this hook queues through it).
export {
  addScannedPlant,
  addToRemovalList,
  deleteRemovalLine,
  getRemovalList,
  removalListKeys,
  updateRemovalLine,
} from './removal-list-calls';

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
      const label = (input.lines ?? []).map((l) => l.plantNo ?? l.itemNo).join(', ');
      const out = await sendOrQueue<RemovalList>({ kind: 'removal.add', locationNo, input }, label);
      return out.queued ? null : out.answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: removalListKeys.all }),
  });
}
