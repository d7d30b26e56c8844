import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { SetDetail } from '@mp/contract/api/sets';
import { IconBox, IconShoppingCartPlus, IconStar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { useSettings } from '../../../shared/api/get-settings';
import { toAmount } from '../../../shared/catalogue/selection';
import { paths } from '../../../shared/lib/paths';
import { useOrderListAdder } from '../../../shared/ordering/use-order-list-adder';
import { rememberViewed } from '../../../shared/session/recently-viewed';
import { wrappingLabel } from '../../../shared/ui/button-styles';
import { AmountInput } from '../../../shared/ui/catalogue/AmountInput';
import { useFormat } from '../../../shared/ui/format';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ReadOnlyReason } from '../../../shared/ui/ReadOnlyReason';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { type SetSummary, useSet, useSets } from '../api/get-sets';

function SetCards({ sets, testId }: { sets: SetSummary[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid={testId}>
      {sets.map((s) => (
        <Card key={s.id} withBorder radius="md" padding="sm">
          <Stack gap="xs">
            <ImagePreview src={s.imageUrl} alt={s.description} width={200} height={120} />
            <Anchor component={Link} to={paths.set.to(s.setNo)} fw={600} c="inherit">
              {s.description}
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
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * Sets: ready-made packages of equipment (hidden when MaterieelSets_ToonSets is off). The favourite sets of
 * FavorietenSets (the server lists them first) stand above the others under their own heading.
 */
export function SetsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const enabled = settings.bool('MaterieelSets_ToonSets');
  const query = useSets(undefined, settings.loaded && enabled);
  let body: React.ReactNode;
  if (settings.loaded && !enabled)
    body = <EmptyView title={t('Sets.geen_sets')} icon={<IconBox size={28} aria-hidden />} />;
  else if (query.isPending) body = <LoadingBlock />;
  else if (query.isError)
    body = (
      <ErrorView messageKey="Sets.ophalen_error" error={query.error} onRetry={() => void query.refetch()} />
    );
  else if (query.data.length === 0)
    body = <EmptyView title={t('Sets.geen_sets')} icon={<IconBox size={28} aria-hidden />} />;
  else {
    const favourites = query.data.filter((s) => s.favourite);
    const others = query.data.filter((s) => !s.favourite);
    body =
      favourites.length === 0 ? (
        <SetCards sets={others} testId="sets" />
      ) : (
        <Stack gap="xl">
          <section aria-labelledby="favourite-sets-title">
            <Title order={2} size="h3" mb="sm" id="favourite-sets-title">
              <Group gap="xs" component="span">
                <IconStar size={20} aria-hidden />
                {t('Sets.favoriete_sets')}
              </Group>
            </Title>
            <SetCards sets={favourites} testId="favourite-sets" />
          </section>
          {others.length > 0 && (
            <section aria-labelledby="other-sets-title">
              <Title order={2} size="h3" mb="sm" id="other-sets-title">
                {t('Sets.overige_sets')}
              </Title>
              <SetCards sets={others} testId="sets" />
            </section>
          )}
        </Stack>
      );
  }
  return (
    <>
      <PageHeader description={t('Sets.intro')} />
      {body}
    </>
  );
}

type SetLine = SetDetail['lines'][number];

/** Lines in display order: a top-level line, and below a child set its own components (indented). */
function orderedLines(lines: SetLine[]): { line: SetLine; depth: number }[] {
  const out: { line: SetLine; depth: number }[] = [];
  const add = (parent: string | null, depth: number) => {
    for (const l of lines.filter((x) => x.parentLineId === parent && x.lineId !== parent)) {
      out.push({ line: l, depth });
      if (l.type === 'set') add(l.lineId, depth + 1);
    }
  };
  add(null, 0);
  // lines whose parent is not in the list: still show them
  for (const l of lines) if (!out.some((o) => o.line === l)) out.push({ line: l, depth: 0 });
  return out;
}

/** One set: its lines (child sets with their components), the number of sets and, with Sets_AllowEdit, per component. */
export function SetPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const settings = useSettings();
  const query = useSet(id);
  const format = useFormat();
  const adder = useOrderListAdder({ successKey: 'Sets.added', errorKey: 'error.algemene_error' });
  const [sets, setSets] = useState<number | string>(1);
  const [edited, setEdited] = useState<Record<string, number | string> | null>(null);
  const set = query.data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per set shown
  useEffect(() => {
    if (set)
      rememberViewed({ id: set.setNo, kind: 'set', description: set.description, imageUrl: set.imageUrl });
  }, [set?.setNo]);

  if (settings.loaded && !settings.bool('MaterieelSets_ToonSets'))
    return (
      <>
        <PageHeader />
        <EmptyView title={t('Sets.geen_sets')} />
      </>
    );
  if (query.isPending)
    return (
      <>
        <PageHeader title={id} />
        <LoadingBlock />
      </>
    );
  if (query.isError || !set)
    return (
      <>
        <PageHeader title={id} />
        {isApiError(query.error) && query.error.status === 404 ? (
          <EmptyView title={t('error.niet_gevonden')} />
        ) : (
          <ErrorView
            messageKey="Sets.ophalen_error"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );

  const count = toAmount(sets) ?? 0;
  const rows = orderedLines(set.lines);
  const defaultOf = (l: SetLine) => (set.fillByDefault ? l.amount * Math.max(1, count) : 0);
  const componentAmount = (l: SetLine) => edited?.[l.lineId] ?? defaultOf(l);

  async function add() {
    if (!set) return;
    const custom = set.allowEdit && (edited !== null || !set.fillByDefault);
    const childLines = custom
      ? rows
          .filter((r) => r.line.type === 'item')
          .map((r) => ({
            itemNo: r.line.itemNo,
            amount: Math.max(0, Math.trunc(Number(componentAmount(r.line)) || 0)),
          }))
      : undefined;
    if (count < 1 || childLines?.every((c) => c.amount === 0)) {
      // product §5: an empty set is refused locally
      void adder.add({ lines: [] });
      return;
    }
    const ok = await adder.add(
      { lines: [{ type: 'set', itemNo: set.setNo, amount: count, ...(childLines ? { childLines } : {}) }] },
      childLines !== undefined,
    );
    if (ok) {
      setEdited(null);
      setSets(1);
    }
  }

  return (
    <>
      <PageHeader title={set.description} />
      <Grid gap="xl" mb="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ImagePreview src={set.imageUrl} alt={set.description} width={280} height={200} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('shared.nummer')}: {set.setNo}
              </Text>
              {set.favourite && (
                <Badge variant="light" size="sm" leftSection={<IconStar size={12} aria-hidden />}>
                  {t('Sets.favoriet')}
                </Badge>
              )}
            </Group>
            {set.longDescription && <Text style={{ whiteSpace: 'pre-line' }}>{set.longDescription}</Text>}
            {set.allowEdit && <Text size="sm">{t('Sets.aantallen_aanpassen')}</Text>}
            <Paper withBorder radius="md" p="md">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <AmountInput
                  value={sets}
                  onChange={setSets}
                  label={t('Sets.aantal_sets')}
                  testId="set-amount"
                />
                <Button
                  leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                  onClick={() => void add()}
                  loading={adder.pending}
                  disabled={Boolean(adder.readOnlyKey)}
                  mih={44}
                  styles={wrappingLabel}
                  data-testid="set-add"
                >
                  {t('Sets.toevoegen')}
                </Button>
              </Group>
              <ReadOnlyReason reasonKey={adder.readOnlyKey} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <Title order={2} size="h3" mb="sm">
        {t('Sets.onderdelen')}
      </Title>
      <Stack gap="xs" data-testid="set-lines">
        {rows.map(({ line, depth }) => (
          <Paper
            key={line.lineId}
            withBorder
            radius="md"
            p="xs"
            ml={depth * 24}
            bg={line.type === 'set' ? 'gray.0' : undefined}
          >
            <Group wrap="nowrap" gap="sm" align="center">
              <ImagePreview src={line.imageUrl} alt={line.description} width={56} height={42} />
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                {line.type === 'set' ? (
                  <Anchor component={Link} to={paths.set.to(line.itemNo)} fw={600} size="sm" c="inherit">
                    {t('shared.set_label')} {line.description}
                  </Anchor>
                ) : (
                  <Anchor component={Link} to={paths.details.to(line.itemNo)} fw={600} size="sm" c="inherit">
                    {line.description}
                  </Anchor>
                )}
                <Text size="xs" c="dimmed">
                  {line.itemNo} · {t('Sets.per_set', { count: line.amount })}
                  {line.weightPerPiece ? ` · ${format.weight(line.weightPerPiece, 1)}` : ''}
                </Text>
              </Stack>
              {set.allowEdit && line.type === 'item' ? (
                <AmountInput
                  value={componentAmount(line)}
                  onChange={(v) => setEdited((e) => ({ ...(e ?? {}), [line.lineId]: v }))}
                  label={`${t('shared.aantal')}: ${line.description}`}
                  hideLabel
                  min={0}
                  w={80}
                />
              ) : (
                <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} miw={48} ta="right">
                  {format.number(line.amount * Math.max(1, count))}
                </Text>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {adder.prompt}
    </>
  );
}
