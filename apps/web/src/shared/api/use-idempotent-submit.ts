import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { submitIdempotent } from './idempotent-submit';

/**
 * A wizard's send as a TanStack mutation: the body goes out under the Idempotency-Key of this attempt
 * (`submitIdempotent`: the same key for the same body, so a double click or a retry never makes a second request).
 * When the server accepted it, `onSent` runs first (the wizard forgets its form), then the queries under
 * `refreshes` are refreshed; `mutateAsync` resolves after both, so the caller can go on to its done page.
 * A failure leaves everything as it was: the attempt (and its key) stays for the retry.
 */
export function useIdempotentSubmit<B, R>({
  scope,
  send,
  refreshes,
  onSent,
}: {
  /** What is submitted, unique across wizards (e.g. `removal:P-24001`, an order list's id). */
  scope: string;
  send: (body: B, idempotencyKey: string) => Promise<R>;
  refreshes: readonly QueryKey[];
  onSent?: (result: R) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => submitIdempotent(scope, body, send),
    onSuccess: async (result) => {
      onSent?.(result);
      await Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
