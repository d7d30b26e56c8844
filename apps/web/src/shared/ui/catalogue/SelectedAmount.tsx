import { selectionStore, setSelectedAmount } from '../../catalogue/selection';
import { useStore } from '../../lib/store';
import { AmountInput } from './AmountInput';

/**
 * An item's amount in the catalogue selection, read and written by the field itself: typing re-renders this
 * field, not the list of 50 cards around it (issue #36 point 3: at 4× CPU the whole list took 200–300 ms a key).
 */
export function SelectedAmount({ itemNo, label }: { itemNo: string; label: string }) {
  const amount = useStore(selectionStore, (s) => s.get(itemNo));
  return (
    <AmountInput
      value={amount}
      onChange={(v) => setSelectedAmount(itemNo, v)}
      label={label}
      hideLabel
      testId={`amount-${itemNo}`}
    />
  );
}
