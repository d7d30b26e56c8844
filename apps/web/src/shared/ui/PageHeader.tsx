import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteCrumbs, useRouteHandle } from '../lib/route-handle';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageHeaderProps {
  /** Defaults to the route's title. */
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The page title with its breadcrumb (Home › … › page), from the route table. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const heading = title ?? (handle ? t(handle.titleKey) : '');
  useDocumentTitle(heading);
  const crumbs = useRouteCrumbs();
  return (
    <Stack gap="xs" mb="lg">
      {crumbs.length > 0 && (
        <nav aria-label={t('shared.kruimelpad')}>
          <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6}>
            {crumbs.map((c) => (
              <Anchor component={Link} to={c.to} key={c.to} size="sm">
                {t(c.labelKey)}
              </Anchor>
            ))}
            <Text size="sm" c="dimmed" aria-current="page">
              {heading}
            </Text>
          </Breadcrumbs>
        </nav>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {heading}
        </Title>
        {actions}
      </Group>
      {description && (
        <Text c="dimmed" maw={720}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
