import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SEARCH_MAX_LIMIT } from '@mp/contract/rules/limits';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSettings } from '../../../shared/api/get-settings';
import { hasFilters, useListParams } from '../../../shared/catalogue/list-params';
import { paths } from '../../../shared/lib/paths';
import { itemListFeedback, useOrderListAdder } from '../../../shared/ordering/use-order-list-adder';
import { FilteredItemList } from '../../../shared/ui/catalogue/FilteredItemList';
import { Highlight } from '../../../shared/ui/Highlight';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { useSearchResults } from '../api/get-search-results';

/** Zoeken: the result list for a term (shorter terms never get here), with the catalogue's filters and cards. */
export function SearchPage() {
  const { t } = useTranslation();
  const term = (useParams().term ?? '').trim();
  const settings = useSettings();
  const { params } = useListParams();
  const filtered = hasFilters(params);
  const query = useSearchResults(term, params);
  const initial = useSearchResults(term, { bool: [], page: 1, pageSize: params.pageSize }, filtered);
  const adder = useOrderListAdder(itemListFeedback);
  const header = <PageHeader title={t('Zoeken.titel', { term })} />;

  if (query.isPending)
    return (
      <>
        {header}
        <LoadingBlock />
      </>
    );
  if (query.isError)
    return (
      <>
        {header}
        <ErrorView
          messageKey="Zoeken.ophalen_error"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );

  const data = query.data;
  const words = data.words;
  const sets = settings.bool('MaterieelSets_ToonSets') ? data.sets : [];
  const total = Math.min(data.total, SEARCH_MAX_LIMIT);
  const nothing = data.total === 0 && sets.length === 0 && !filtered;

  return (
    <>
      {header}
      {nothing ? (
        <EmptyView title={t('Zoeken.geen_resultaten', { term })} />
      ) : (
        <Stack gap="xl">
          {sets.length > 0 && (
            <section aria-labelledby="search-sets">
              <Title order={2} size="h4" mb="sm" id="search-sets">
                {t('Sets.titel')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                {sets.map((s) => (
                  <Card key={s.setNo} withBorder radius="md" padding="xs" data-testid="search-set">
                    <Group wrap="nowrap" gap="sm">
                      <ImagePreview src={s.imageUrl} alt={s.description} width={64} height={48} />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={paths.set.to(s.setNo)} fw={400} c="inherit">
                          {t('shared.set_label')} <Highlight text={s.description} words={words} />
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {s.setNo}
                        </Text>
                      </Stack>
                    </Group>
                  </Card>
                ))}
              </SimpleGrid>
            </section>
          )}
          <FilteredItemList
            data={{ ...data, total }}
            initialFacets={filtered ? initial.data?.facets : data.facets}
            busy={query.isPlaceholderData}
            words={words}
            resultKey={`${term}|${JSON.stringify(params)}`}
            sliceFrom={(params.page - 1) * params.pageSize}
            empty={<EmptyView title={t('Zoeken.geen_resultaten', { term })} />}
            adder={adder}
          />
        </Stack>
      )}
    </>
  );
}
