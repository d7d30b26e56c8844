import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { searchWords } from '@mp/contract/rules/quick-search';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSettings } from '../../../shared/api/get-settings';
import { localeStore } from '../../../shared/i18n/locale';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { useQuickSearch } from '../api/quick-search';
import { Highlighted } from '../components/Highlighted';

/** Zoeken: the results for a term (the route sends terms shorter than the minimum to Home). */
export function SearchPage() {
  const { t } = useTranslation();
  const term = useParams().term ?? '';
  const locale = useStore(localeStore);
  const settings = useSettings();
  const query = useQuickSearch(term, locale, term.length > 0);
  const words = searchWords(term);

  return (
    <>
      <PageHeader title={t('Zoeken.titel', { term })} />
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <ErrorView messageKey="Zoeken.ophalen_error" onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyView title={t('Zoeken.geen_resultaten', { term })} />
      ) : (
        <Stack gap="md">
          <Text c="dimmed" size="sm" role="status">
            {t('shared.aantal_resultaten', { count: query.data.length })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {query.data.map((r) => {
              const to = r.isSet ? paths.set.to(r.materieelSoort) : paths.details.to(r.materieelSoort);
              return (
                <Card key={`${r.isSet}-${r.materieelSoort}`} withBorder radius="md" padding="md">
                  <Group wrap="nowrap" align="flex-start" gap="md">
                    {settings.bool('Zoeken_ShowPreviewImage') && (
                      <ImagePreview src={r.imageUrl} alt={r.materieelOmschrijving} width={96} height={72} />
                    )}
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      {r.isSet && (
                        <Badge variant="light" w="fit-content">
                          {t('shared.set_label')}
                        </Badge>
                      )}
                      <Anchor component={Link} to={to} fw={600} c="inherit">
                        <Highlighted text={r.materieelOmschrijving} words={words} />
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {t('shared.artikelnummer')}: {r.materieelSoort}
                      </Text>
                      {r.omschrijving && r.omschrijving !== r.materieelOmschrijving && (
                        <Text size="sm">{r.omschrijving}</Text>
                      )}
                    </Stack>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
