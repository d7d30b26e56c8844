import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AutosaveState } from '../lib/autosave';
import { SaveIndicator } from './SaveIndicator';

// What the list editors share (the order list and the removal list): the header with the save state and "empty the
// list", a line of the totals, and the actions under the list with the reason they are blocked.

/** The save state (with retry) and, unless read-only, the button that empties the list. */
export function EditorHeader({
  state,
  onRetry,
  savedKey,
  clear,
}: {
  state: AutosaveState;
  onRetry: () => void;
  savedKey: string;
  clear: { label: string; onClick: () => void; testId: string } | null;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <SaveIndicator state={state} onRetry={onRetry} savedKey={savedKey} />
      {clear && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={clear.onClick}
          mih={44}
          data-testid={clear.testId}
        >
          {clear.label}
        </Button>
      )}
    </Group>
  );
}

/** One line of a list's totals: what, and how much (figures aligned). */
export function TotalRow({
  label,
  children,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Group justify="space-between">
      <Text>{label}</Text>
      <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The actions under a list, and above them why they are disabled (`block`, a translation key already translated by
 * the caller); the actions point at the reason with `aria-describedby={reasonId}`.
 */
export function BlockedActions({
  block,
  reasonId,
  children,
}: {
  block: string | null;
  reasonId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" align="flex-end">
      {block && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} w="100%" id={reasonId}>
          {block}
        </Alert>
      )}
      {children}
    </Stack>
  );
}
