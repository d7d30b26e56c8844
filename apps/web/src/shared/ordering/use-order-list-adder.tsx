// Adding to the order list from a page: the API call (shared/api/order-lists) with the page's own feedback.
// Catalogue, search, details, sets and favourites all use it; features do not import each other.
import type { AddOrderListLinesInput } from '@mp/contract/api/order-lists';
import { useState } from 'react';
import { isApiError } from '../api/errors';
import { useSelectedLocationAccess } from '../api/get-plant-locations';
import { isLocalRefusal, NOT_SIGNED_IN, useAddToOrderList } from '../api/order-lists/add-order-list-lines';
import { laterPart, useLaterPart } from '../lib/later-part';
import { snackbar } from '../ui/snackbar/snackbar-store';

/**
 * The sign-in question's modal (Modal, focus trap, scroll lock ≈ 10 KB brotli) loads after the page's first paint:
 * only a visitor who tries to order sees it (decision 0003, "Byte budget per page").
 */
const signInPromptPart = laterPart(() => import('../ui/SignInPrompt'));

function LaterSignInPrompt(props: { opened: boolean; onClose: () => void }) {
  const SignInPrompt = useLaterPart(signInPromptPart)?.SignInPrompt;
  return SignInPrompt ? <SignInPrompt {...props} /> : null;
}

/** The feedback of the catalogue's and the search results' "add selection to the order list". */
export const itemListFeedback = {
  successKey: 'Catalogus.message_toegevoegd',
  errorKey: 'error.algemene_error',
};

/**
 * Adding to the order list with the page's own snackbars (product §8: catalogue, details and sets each have
 * theirs): success key, failure key; the local refusals (sign in, no location, nothing filled in) explained;
 * a refusal of the server in its own (translated) words. `readOnlyKey` is set where the selected location is
 * read-only for the user: pages disable their add controls and show that reason.
 */
export function useOrderListAdder({ successKey, errorKey }: { successKey: string; errorKey: string }) {
  const mutation = useAddToOrderList();
  const [askSignIn, setAskSignIn] = useState(false);
  const { readOnlyKey } = useSelectedLocationAccess();

  async function add(input: AddOrderListLinesInput, childLinesIncluded = false): Promise<boolean> {
    if (mutation.isPending) return false;
    if (readOnlyKey) {
      snackbar.warning(readOnlyKey);
      return false;
    }
    try {
      const list = await mutation.mutateAsync({ input, childLinesIncluded });
      // null: no reception, the add waits on the phone and is sent when there is (decision 0031)
      if (list) snackbar.success(successKey);
      else snackbar.info('OfflineWachtrij.bewaard');
      return true;
    } catch (e) {
      if (isLocalRefusal(e)) {
        if (e.code === NOT_SIGNED_IN) setAskSignIn(true);
        else snackbar.warning(e.code);
      } else if (isApiError(e)) snackbar.error(e);
      else snackbar.danger(errorKey);
      return false;
    }
  }

  return {
    add,
    pending: mutation.isPending,
    readOnlyKey,
    prompt: <LaterSignInPrompt opened={askSignIn} onClose={() => setAskSignIn(false)} />,
  };
}
