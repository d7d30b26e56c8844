import { laterPart, useLaterPart } from '../lib/later-part';
import type { ConfirmDialogProps } from './ConfirmModal';

export type { ConfirmDialogProps };

/** The modal's code (ConfirmModal: Modal, focus trap, scroll lock) is loaded after the page's first paint. */
const confirmModalPart = laterPart(() => import('./ConfirmModal'));

/**
 * Every destructive action asks first (ARCHITECTURE §6): a small modal with back and confirm. Confirming
 * runs `action`; the dialog shows it is busy, then the `successKey` snackbar (when given) or the error's, and
 * closes either way. One dialog for every feature (delete a list, a line, cancel a request, discard changes).
 * Its modal loads when the browser is idle after the page's first paint; asked to open before, it opens as that
 * arrives.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const Modal = useLaterPart(confirmModalPart)?.ConfirmModal;
  return Modal ? <Modal {...props} /> : null;
}
