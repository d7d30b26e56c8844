import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';

/** The narrow card the account pages share. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Container size={480} px={0} py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {intro && <Text c="dimmed">{intro}</Text>}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
