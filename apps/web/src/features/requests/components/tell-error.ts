import { isApiError } from '../../../shared/api/errors';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';

/** A refused change: a conflict (someone else was first) reloads the request; anything else is told. */
export function tellError(error: unknown, reload: () => void) {
  if (isApiError(error) && error.status === 409) reload();
  snackbar.error(error);
}
