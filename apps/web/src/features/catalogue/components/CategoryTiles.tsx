import { Badge, Card, Group, Image, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { Category } from '@mp/contract/api/catalogue';
import { IconCategory, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import classes from './catalogue.module.css';

/** Categories as tiles with their images: a category with subcategories opens those, else its catalogue. */
export function CategoryTiles({ categories, all }: { categories: Category[]; all: readonly Category[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const hasChildren = (c: Category) => all.some((x) => x.parent.toLowerCase() === c.id.toLowerCase());
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing={{ base: 'sm', sm: 'md' }}
      data-testid="category-tiles"
    >
      {categories.map((c) => (
        <Card key={c.id} withBorder radius="md" padding={0} className={classes.tile}>
          <UnstyledButton
            component={Link}
            to={hasChildren(c) ? paths.materieel.to(c.id) : paths.catalogus.to(c.id)}
            className={classes.tileLink}
            aria-label={`${c.name}, ${t('Catalogus.aantal_artikelen', { count: c.totalItemCount })}`}
          >
            <div className={classes.tileImage}>
              {c.imageUrl ? (
                <Image src={c.imageUrl} alt="" h="100%" w="100%" fit="contain" loading="lazy" />
              ) : (
                <IconCategory size={40} aria-hidden color="var(--mantine-color-gray-6)" />
              )}
            </div>
            <Group justify="space-between" wrap="nowrap" gap={4} p="sm">
              <Text fw={600} size="sm" className={classes.tileName}>
                {c.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Badge variant="light" color="gray" size="sm" aria-hidden>
                  {format.number(c.totalItemCount)}
                </Badge>
                <IconChevronRight size={16} aria-hidden />
              </Group>
            </Group>
          </UnstyledButton>
        </Card>
      ))}
    </SimpleGrid>
  );
}
