import { Anchor, Badge, Button, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText, IconShoppingCartPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { downloadFile } from '../../../shared/api/download-file';
import { isApiError } from '../../../shared/api/errors';
import { useCategories } from '../../../shared/api/get-categories';
import { useSettings } from '../../../shared/api/get-settings';
import { toAmount } from '../../../shared/catalogue/selection';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { useOrderListAdder } from '../../../shared/ordering/use-order-list-adder';
import { rememberViewed } from '../../../shared/session/recently-viewed';
import { sessionStore } from '../../../shared/session/session';
import { wrappingLabel } from '../../../shared/ui/button-styles';
import { AmountInput } from '../../../shared/ui/catalogue/AmountInput';
import { PriceLines } from '../../../shared/ui/catalogue/PriceLines';
import { useFormat } from '../../../shared/ui/format';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ReadOnlyReason } from '../../../shared/ui/ReadOnlyReason';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { TrailPageHeader } from '../../../shared/ui/TrailPageHeader';
import { useItemDetails } from '../api/get-item-details';
import { AddToFavourites } from '../components/AddToFavourites';
import { ancestorsOf, findCategory } from '../components/category-tree';
import { LinkedItemCards } from '../components/LinkedItemCards';
import { TechDataTable } from '../components/TechDataTable';

/** Details of one equipment kind: images, texts, technical data, documents, prices, and adding it to a list. */
export function DetailsPage() {
  const { id = '' } = useParams();
  // a new item starts with fresh amounts
  return <DetailsView key={id} id={id} />;
}

function DetailsView({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useItemDetails(id);
  const categories = useCategories();
  const settings = useSettings();
  const format = useFormat();
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const adder = useOrderListAdder({
    successKey: 'Details.toevoegen_bestellijst_succes',
    errorKey: 'Details.error_details',
  });
  const [amount, setAmount] = useState<number | string>(1);
  const [extra, setExtra] = useState<Record<string, number | string>>({});
  // What the user typed for the items delivered with it (only with MeegeleverdeAantalWijzigen).
  const [withIt, setWithIt] = useState<Record<string, number | string>>({});
  const item = query.data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per item shown
  useEffect(() => {
    if (item)
      rememberViewed({
        id: item.itemNo,
        kind: 'item',
        description: item.description,
        imageUrl: item.imageUrl,
      });
  }, [item?.itemNo]);

  if (query.isPending)
    return (
      <>
        <PageHeader title={id} />
        <LoadingBlock />
      </>
    );
  if (query.isError || !item)
    return (
      <>
        <PageHeader title={id} />
        {isApiError(query.error) && query.error.status === 404 ? (
          <EmptyView title={t('error.niet_gevonden')} />
        ) : (
          <ErrorView
            messageKey="Details.ophalen_error"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );

  const all = categories.data ?? [];
  const category = item.categoryId ? findCategory(all, item.categoryId) : undefined;
  const trail = category
    ? [
        ...ancestorsOf(all, category.id).map((c) => ({ label: c.name, to: paths.materieel.to(c.id) })),
        { label: category.name, to: paths.catalogus.to(category.id) },
      ]
    : [];
  const { priceDecimals, weightDecimals } = item.format;
  const images = item.images.length > 0 ? item.images : item.imageUrl ? [item.imageUrl] : [];

  // The items delivered with it come along below it: per piece × the amount, or as typed (MeegeleverdeAantalWijzigen).
  const chooseWithIt = settings.bool('MeegeleverdeAantalWijzigen');
  const pieces = toAmount(amount) ?? 0;
  const withItAmounts = Object.fromEntries(
    item.accessories.map((a) => [
      a.itemNo,
      chooseWithIt && withIt[a.itemNo] !== undefined ? withIt[a.itemNo] : a.amount * pieces,
    ]),
  );

  async function addToOrderList() {
    const main = toAmount(amount);
    const accessories = item!.accessories.map((a) => ({
      itemNo: a.itemNo,
      amount: Math.max(0, Math.trunc(Number(withItAmounts[a.itemNo]) || 0)),
    }));
    const lines = [
      ...(main
        ? [
            {
              type: 'item' as const,
              itemNo: item!.itemNo,
              amount: main,
              ...(accessories.length ? { accessories } : {}),
            },
          ]
        : []),
      ...Object.entries(extra)
        .map(([itemNo, v]) => ({ type: 'item' as const, itemNo, amount: toAmount(v) ?? 0 }))
        .filter((l) => l.amount > 0),
    ];
    if (await adder.add({ lines })) {
      setExtra({});
      setWithIt({});
    }
  }

  return (
    <>
      <TrailPageHeader title={item.description} trail={trail} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm" align="center">
            <ImagePreview src={images[0]} alt={item.description} width={320} height={240} priority />
            {images.length > 1 && (
              <Group gap="xs" justify="center">
                {images.slice(1).map((src, i) => (
                  <ImagePreview
                    key={src}
                    src={src}
                    alt={`${item.description} (${i + 2})`}
                    width={72}
                    height={54}
                  />
                ))}
              </Group>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('shared.artikelnummer')}: {item.itemNo}
              </Text>
              <Badge variant="light">{t(`verhuurtype.${item.rentalType}`)}</Badge>
            </Group>
            {settings.bool('Details_UseRentalUnit') && item.rentalUnit && (
              <Text size="sm">
                {t('Details.huureenheid')}: {item.rentalUnit}
              </Text>
            )}
            <PriceLines item={item} format={format} decimals={priceDecimals} size="md" />
            {item.weightPerPiece !== null && (
              <Text size="sm">
                {t('shared.gewicht_per_stuk')}: {format.weight(item.weightPerPiece, weightDecimals)}
              </Text>
            )}
            <Paper withBorder radius="md" p="md">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <AmountInput
                  value={amount}
                  onChange={setAmount}
                  label={t('shared.aantal')}
                  testId="details-amount"
                />
                <Button
                  leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                  onClick={() => void addToOrderList()}
                  loading={adder.pending}
                  disabled={Boolean(adder.readOnlyKey)}
                  mih={44}
                  styles={wrappingLabel}
                  data-testid="details-add"
                >
                  {t('Details.toevoegen_bestellijst')}
                </Button>
                {signedIn && <AddToFavourites itemNo={item.itemNo} />}
              </Group>
              <ReadOnlyReason reasonKey={adder.readOnlyKey} />
            </Paper>
            {item.longDescription && <Text style={{ whiteSpace: 'pre-line' }}>{item.longDescription}</Text>}
          </Stack>
        </Grid.Col>
      </Grid>

      <Stack gap="xl" mt="xl">
        <section aria-labelledby="techdata-title">
          <Title order={2} size="h3" mb="sm" id="techdata-title">
            {t('Details.technische_gegevens')}
          </Title>
          {!item.techDataVisible ? (
            <Text c="dimmed">{t('Details.technische_gegevens_inloggen')}</Text>
          ) : item.techData.length === 0 ? (
            <Text c="dimmed">{t('shared.leeg')}</Text>
          ) : (
            <TechDataTable entries={item.techData} format={format} />
          )}
        </section>

        <section aria-labelledby="documents-title">
          <Title order={2} size="h3" mb="sm" id="documents-title">
            {t('Details.documenten')}
          </Title>
          {item.documents.length === 0 ? (
            <Text c="dimmed">{t('Details.geen_documenten')}</Text>
          ) : (
            <List spacing="xs" listStyleType="none" p={0}>
              {item.documents.map((d) => (
                <List.Item key={d.id} icon={<IconFileText size={18} aria-hidden />}>
                  <Anchor
                    href={d.url}
                    download
                    onClick={(e) => {
                      e.preventDefault();
                      downloadFile(d.url, d.title).catch((err) => snackbar.error(err));
                    }}
                    mih={44}
                    display="inline-flex"
                    style={{ alignItems: 'center', gap: 6 }}
                  >
                    {d.title}
                    <IconDownload size={16} aria-label={t('shared.downloaden')} />
                  </Anchor>
                  {d.date && (
                    <Text span size="xs" c="dimmed" ml="xs">
                      {format.day(d.date)}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          )}
        </section>

        {item.accessories.length > 0 && (
          <section aria-labelledby="accessories-title">
            <Title order={2} size="h3" mb="sm" id="accessories-title">
              {t('Details.meegeleverd')}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {t(chooseWithIt ? 'Details.meegeleverd_kiezen' : 'Details.meegeleverd_uitleg')}
            </Text>
            <LinkedItemCards
              items={item.accessories}
              format={format}
              priceDecimals={priceDecimals}
              amounts={withItAmounts}
              onAmount={(no, v) => setWithIt((e) => ({ ...e, [no]: v }))}
              perPiece
              readOnly={!chooseWithIt}
            />
          </section>
        )}
        {item.orderTips.length > 0 && (
          <section aria-labelledby="tips-title">
            <Title order={2} size="h3" mb="sm" id="tips-title">
              {t('Details.bestel_tips')}
            </Title>
            <LinkedItemCards
              items={item.orderTips}
              format={format}
              priceDecimals={priceDecimals}
              amounts={extra}
              onAmount={(no, v) => setExtra((e) => ({ ...e, [no]: v }))}
            />
          </section>
        )}
      </Stack>
      {adder.prompt}
    </>
  );
}
