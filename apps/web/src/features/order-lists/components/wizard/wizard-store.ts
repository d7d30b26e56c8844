import type { ErrorKey } from '../../../../shared/lib/form-errors';
import { createStore } from '../../../../shared/lib/store';
import type { OrderFormField, OrderFormValues } from './wizard-form';

/**
 * The wizard between its steps (product §4: a filled-in flag and a terms-accepted flag): the form of one order
 * list, whether Gegevens was completed, and field errors the server gave on submit (shown on Gegevens).
 * A reload loses this store; the server's draft (savedAanvraagDTO) brings the form back.
 */
export interface WizardState {
  listId: string;
  values: OrderFormValues;
  filled: boolean;
  serverErrors: Partial<Record<OrderFormField, ErrorKey>>;
}

export const wizardStore = createStore<WizardState | null>(null);

export function wizardFor(listId: string): WizardState | null {
  const s = wizardStore.get();
  return s && s.listId === listId ? s : null;
}

export function updateWizard(listId: string, change: Partial<Omit<WizardState, 'listId'>>): void {
  const current = wizardFor(listId);
  wizardStore.set({
    listId,
    values: change.values ?? current?.values ?? ({} as OrderFormValues),
    filled: change.filled ?? current?.filled ?? false,
    serverErrors: change.serverErrors ?? current?.serverErrors ?? {},
  });
}

/** After a completed order the form is reset (product §4). */
export function resetWizard(): void {
  wizardStore.set(null);
}
