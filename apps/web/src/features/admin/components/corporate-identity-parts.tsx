import { Paper, Title } from '@mantine/core';
import { corporateIdentitySettingKeys } from '@mp/contract/api/shell';
import type { ReactNode } from 'react';

// What the corporate identity's sections share: a section with its heading, and the server's field names.

// why: the server names a field by its path in the body (values.TermsAndConditionsUrl); the form by its key
export const settingFields = Object.fromEntries(corporateIdentitySettingKeys.map((k) => [`values.${k}`, k]));

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
