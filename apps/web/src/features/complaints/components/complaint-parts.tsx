import { Badge, Flex, Text } from '@mantine/core';
import { type ComplaintStatus, complaintStatusKey } from '@mp/contract/rules/complaints';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// What the complaint components share: the status badge, a type's name, a refused call's reason, one fact.

const statusColor: Record<ComplaintStatus, string> = {
  open: 'blue',
  in_progress: 'yellow',
  resolved: 'green',
  closed: 'gray',
};

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColor[status]}
      c="dark.8"
      variant="light"
      size="sm"
      // the whole word, also in a narrow table column
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
      data-testid="complaint-status"
    >
      {t(complaintStatusKey[status])}
    </Badge>
  );
}

export const typeLabel = (t: (k: string) => string, type: string) => {
  const label = t(`Klachten.typen.${type}`);
  return label === `Klachten.typen.${type}` ? type : label;
};

/** A refused call's reason, in the user's language. */
export function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const e = error as { code?: string; message?: string };
  const text = typeof e?.code === 'string' ? t(e.code, { defaultValue: e.message ?? '' }) : '';
  return <>{text || t('error.algemene_error')}</>;
}

/** One fact: label beside its value, the label above it on a phone. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: 0, sm: 'md' }}
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text component="dt" size="sm" fw={700} w={{ sm: 180 }} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Flex>
  );
}
