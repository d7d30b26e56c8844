import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for a (list) name: required, at most 100 characters; the server's message shows under the field. */
export function NameModal({
  title,
  label,
  initial,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  /** Label of the name field. */
  label: string;
  initial: string;
  pending: boolean;
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!name.trim()) {
            setError(t('validation.verplicht'));
            return;
          }
          setError(await onSubmit(name.trim()));
        }}
      >
        <Stack gap="md">
          <TextInput
            label={label}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={100}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              {t('shared.annuleren')}
            </Button>
            <Button type="submit" loading={pending} mih={44}>
              {t('shared.opslaan')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
