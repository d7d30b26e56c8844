import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface NewFavouriteListModalProps {
  name: string;
  error: string | null;
  pending: boolean;
  onName: (name: string) => void;
  onSubmit: () => void;
  onClose: () => void;
}

/** AddToFavourites' dialog for a new list's name, loaded when it is first shown. */
export function NewFavouriteListModal({
  name,
  error,
  pending,
  onName,
  onSubmit,
  onClose,
}: NewFavouriteListModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('Favorieten.nieuwe_lijst')}
      centered
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('Favorieten.lijst_naam')}
            value={name}
            onChange={(e) => onName(e.currentTarget.value)}
            error={error}
            maxLength={100}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              {t('shared.annuleren')}
            </Button>
            <Button type="submit" loading={pending} mih={44}>
              {t('shared.toevoegen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
