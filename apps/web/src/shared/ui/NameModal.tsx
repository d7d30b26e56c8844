import { laterPart, useLaterPart } from '../lib/later-part';
import type { NameModalProps } from './NameModalBody';

export type { NameModalProps };

/** The modal's code (NameModalBody: Modal, focus trap, scroll lock), loaded when the dialog is first shown. */
const nameModalPart = laterPart(() => import('./NameModalBody'));

/**
 * Asks for a (list) name and saves it: required, at most 100 characters. Saving runs `onSave` with the
 * trimmed name; then the `successKey` snackbar and the dialog closes, or the server's reason shows under the
 * field. One dialog for creating and renaming favourite lists and order lists.
 * Its modal's code loads when it is first shown (it is mounted only to be shown).
 */
export function NameModal(props: NameModalProps) {
  const Body = useLaterPart(nameModalPart, 'now')?.NameModalBody;
  return Body ? <Body {...props} /> : null;
}
