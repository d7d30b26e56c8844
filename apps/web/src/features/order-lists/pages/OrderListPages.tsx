import { Button, Group } from '@mantine/core';
import { IconBook2, IconClipboardList, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { useTargetOrderList } from '../../../shared/api/order-lists/get-order-lists';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { setActiveOrderList } from '../../../shared/session/active-order-list';
import { selectedLocationStore } from '../../../shared/session/location';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PlainSelect } from '../../../shared/ui/PlainSelect';
import { ReadOnlyReason } from '../../../shared/ui/ReadOnlyReason';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { useOrderList } from '../api/get-order-list';
import { OrderListEditor } from '../components/OrderListEditor';

function EmptyList() {
  const { t } = useTranslation();
  // the read-only role can browse the catalogue but not fill the list: it is told why here too
  const { readOnlyKey } = useSelectedLocationAccess();
  return (
    <EmptyView title={t('Bestellijst.leeg')} icon={<IconClipboardList size={28} aria-hidden />}>
      <ReadOnlyReason reasonKey={readOnlyKey} />
      <Button
        component={Link}
        to={paths.materieel.to()}
        leftSection={<IconBook2 size={18} aria-hidden />}
        mih={44}
      >
        {t('Bestellijst.naar_catalogus')}
      </Button>
    </EmptyView>
  );
}

/** Bestellijst: the order list the user works on at the selected location. */
export function BestellijstPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const { list: summary, query: lists } = useTargetOrderList();
  const detail = useOrderList(location?.locationNo ?? null, summary?.id);

  let body: React.ReactNode;
  if (!location) body = <LocationPrompt />;
  else if (lists.isPending || (summary && detail.isPending)) body = <LoadingBlock />;
  else if (lists.isError) body = <ErrorView error={lists.error} onRetry={() => void lists.refetch()} />;
  else if (detail.isError) body = <ErrorView error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!summary || !detail.data || detail.data.lines.length === 0) body = <EmptyList />;
  else body = <OrderListEditor key={detail.data.id} locationNo={location.locationNo} list={detail.data} />;

  const multiple = lists.data?.multipleLists === true;
  return (
    <>
      <PageHeader
        title={multiple && summary ? `${t('Bestellijst.titel')}: ${summary.name}` : undefined}
        description={location ? `${t('Locatie.titel')}: ${location.label}` : undefined}
        actions={
          multiple && location && lists.data ? (
            <Group gap="sm" align="flex-end">
              <PlainSelect
                label={t('Bestellijst.actieve_lijst')}
                data={lists.data.orderLists.map((l) => ({ value: l.id, label: l.name }))}
                value={summary?.id ?? ''}
                onChange={(v) => setActiveOrderList(location.locationNo, v)}
                w={220}
              />
              <Button
                component={Link}
                to={paths.bestellijsten.to()}
                variant="default"
                leftSection={<IconListDetails size={18} aria-hidden />}
                mih={44}
              >
                {t('Bestellijst.lijsten')}
              </Button>
            </Group>
          ) : undefined
        }
      />
      {body}
    </>
  );
}
