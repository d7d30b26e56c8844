import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteCrumbs } from '../lib/route-handle';
import { useDocumentTitle } from '../lib/use-document-title';

export interface TrailCrumb {
  /** A ready label (e.g. a category name). */
  label: string;
  to: string;
}

/**
 * PageHeader with crumbs of its own after the route table's ones: for pages whose place in a tree only
 * the data knows (a category below its parent categories, an item in its category).
 */
export function TrailPageHeader({
  title,
  trail = [],
  description,
  actions,
}: {
  title: string;
  trail?: TrailCrumb[];
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  const routeCrumbs = useRouteCrumbs().map((c) => ({ label: t(c.labelKey), to: c.to }));
  const crumbs = [...routeCrumbs, ...trail];
  return (
    <Stack gap="xs" mb="lg">
      {crumbs.length > 0 && (
        <nav aria-label={t('shared.kruimelpad')}>
          <Breadcrumbs
            separator={<IconChevronRight size={14} aria-hidden />}
            separatorMargin={6}
            style={{ flexWrap: 'wrap', rowGap: 4 }}
          >
            {crumbs.map((c) => (
              <Anchor component={Link} to={c.to} key={c.to} size="sm">
                {c.label}
              </Anchor>
            ))}
            <Text size="sm" c="dimmed" aria-current="page">
              {title}
            </Text>
          </Breadcrumbs>
        </nav>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
          {title}
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
