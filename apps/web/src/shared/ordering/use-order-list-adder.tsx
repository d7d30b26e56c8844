// Adding to the order list from a page: the API call (shared/api/order-lists) with the page's own feedback.
// Catalogue, search, details, sets and favourites all use it; features do not import each other.
import type { AddOrderListLinesInput } from '@mp/contract/api/ordering';
import { useState } from 'react';
import { isLocalRefusal, NOT_SIGNED_IN, useAddToOrderList } from '../api/order-lists/add-order-list-lines';
import { SignInPrompt } from '../ui/SignInPrompt';
import { snackbar } from '../ui/snackbar/snackbar-store';

/** The feedback of the catalogue's and the search results' "add selection to the order list". */
export const itemListFeedback = {
  successKey: 'Catalogus.message_toegevoegd',
  errorKey: 'error.algemene_error',
};

/**
 * Adding to the order list with the page's own snackbars (product §8: catalogue, details and sets each have
 * theirs): success key, failure key; the local refusals (sign in, no location, nothing filled in) explained.
 */
export function useOrderListAdder({ successKey, errorKey }: { successKey: string; errorKey: string }) {
  const mutation = useAddToOrderList();
  const [askSignIn, setAskSignIn] = useState(false);

  async function add(input: AddOrderListLinesInput, childLinesIncluded = false): Promise<boolean> {
    if (mutation.isPending) return false;
    try {
      await mutation.mutateAsync({ input, childLinesIncluded });
      snackbar.success(successKey);
      return true;
    } catch (e) {
      if (isLocalRefusal(e)) {
        if (e.code === NOT_SIGNED_IN) setAskSignIn(true);
        else snackbar.warning(e.code);
      } else snackbar.danger(errorKey);
      return false;
    }
  }

  return {
    add,
    pending: mutation.isPending,
    prompt: <SignInPrompt opened={askSignIn} onClose={() => setAskSignIn(false)} />,
  };
}
