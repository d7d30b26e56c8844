import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ConfirmDialog } from './ConfirmDialog';

describe('confirm dialog', () => {
  it('offers "Terug" and the action, never two kinds of "cancel"', async () => {
    const onClose = vi.fn();
    const action = vi.fn(async () => {});
    renderWithProviders(
      <ConfirmDialog
        opened
        title="Aanvraag annuleren"
        confirmLabel="Aanvraag annuleren"
        action={action}
        successKey="Aanvragen.geannuleerd_melding"
        onClose={onClose}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Terug' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuleren' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Terug' }));
    expect(onClose).toHaveBeenCalled();
    expect(action).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(action).toHaveBeenCalled());
  });
});
