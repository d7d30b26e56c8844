import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCartPlus, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useOrderListAdder } from '../../../shared/ordering/use-order-list-adder';
import { wrappingLabel } from '../../../shared/ui/button-styles';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { ReadOnlyReason } from '../../../shared/ui/ReadOnlyReason';
import { useFavouriteSets } from '../api/get-favourite-sets';

/**
 * The sets the rental company recommends (FavorietenSets) on Favorieten: each opens its set page or goes onto the
 * order list as one set at its own amounts. Nothing shows while the setting names none (or sets are hidden).
 */
export function FavouriteSets() {
  const { t } = useTranslation();
  const query = useFavouriteSets();
  const adder = useOrderListAdder({ successKey: 'Sets.added', errorKey: 'error.algemene_error' });
  const sets = query.data ?? [];
  if (sets.length === 0) return null;
  return (
    <section aria-labelledby="favourite-sets-title" data-testid="favourite-sets">
      <Title order={2} size="h3" mt="xl" mb={4} id="favourite-sets-title">
        <Group gap="xs" component="span">
          <IconStar size={20} aria-hidden />
          {t('Sets.favoriete_sets')}
        </Group>
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('Favorieten.sets_uitleg')}
      </Text>
      <Stack gap="xs">
        {sets.map((s) => (
          <Paper key={s.id} withBorder radius="md" p="xs" data-testid="favourite-set">
            <Group wrap="wrap" gap="sm" justify="space-between">
              <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 240px' }}>
                <ImagePreview src={s.imageUrl} alt={s.description} width={64} height={48} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={paths.set.to(s.setNo)} fw={600} size="sm" c="inherit">
                    {t('shared.set_label')} {s.description}
                  </Anchor>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {s.setNo}
                    </Text>
                    <Badge variant="light" color="gray" size="sm">
                      {t('Sets.aantal_onderdelen', { count: s.lineCount })}
                    </Badge>
                  </Group>
                </Stack>
              </Group>
              <Button
                variant="light"
                leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                loading={adder.pending}
                disabled={Boolean(adder.readOnlyKey)}
                aria-label={`${t('Sets.toevoegen')}: ${s.description}`}
                onClick={() => void adder.add({ lines: [{ type: 'set', itemNo: s.setNo, amount: 1 }] })}
                mih={44}
                styles={wrappingLabel}
              >
                {t('Sets.toevoegen')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ReadOnlyReason reasonKey={adder.readOnlyKey} />
      {adder.prompt}
    </section>
  );
}
