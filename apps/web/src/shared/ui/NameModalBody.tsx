import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors';
import { snackbar } from './snackbar/snackbar-store';

export interface NameModalProps {
  title: string;
  /** Label of the name field. */
  label: string;
  initial: string;
  onSave: (name: string) => Promise<unknown>;
  /** The snackbar once the name was saved. */
  successKey: string;
  onClose: () => void;
}

/** NameModal's modal, loaded when the page first asks for a name (or idle before). */
export function NameModalBody({ title, label, initial, onSave, successKey, onClose }: NameModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save(value: string) {
    setPending(true);
    try {
      await onSave(value);
      snackbar.success(successKey);
      onClose();
    } catch (e) {
      setError(isApiError(e) ? t(e.code, { max: 100 }) : t('error.algemene_error'));
    } finally {
      setPending(false);
    }
  }

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
          await save(name.trim());
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
