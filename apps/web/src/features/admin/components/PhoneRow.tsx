import { Box, Group, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** A phone-wide screen, where a table's rows become cards (as the users list does): nothing scrolls sideways. */
export const usePhoneWidth = (): boolean => useMediaQuery('(max-width: 48em)') ?? false;

/**
 * One row of a table as a card on a phone: what it is and its state on top, what explains the state below it, then
 * each other column as its header and value, then the row's action.
 */
export function PhoneRow({
  title,
  state,
  facts,
  children,
  action,
  testId,
}: {
  title: ReactNode;
  state?: ReactNode;
  facts: readonly (readonly [label: string, value: ReactNode])[];
  children?: ReactNode;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Box miw={0}>{title}</Box>
        {/* the state whole (a badge would shrink and cut its word when the title wraps) */}
        {state && <Box style={{ flexShrink: 0 }}>{state}</Box>}
      </Group>
      {children}
      <Box component="dl" m={0} mt={6}>
        {facts.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="xs" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Box>
      {action && (
        <Group justify="flex-end" mt="xs">
          {action}
        </Group>
      )}
    </Paper>
  );
}
