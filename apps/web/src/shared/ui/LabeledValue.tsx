import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label over its value on a detail page; '–' for an empty value. */
export function LabeledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children || '–'}
      </Text>
    </div>
  );
}
