import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { useUrlFilters } from '../../../shared/lib/use-url-filters';
import { selectedLocationStore } from '../../../shared/session/location';
import { FilterBar, FilterSelect } from '../../../shared/ui/FilterBar';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PageQueryState, QueryState } from '../../../shared/ui/QueryState';
import { ResultList } from '../../../shared/ui/ResultList';
import { EmptyView } from '../../../shared/ui/StateViews';
import { type ListedKind, useExitOrder, useExitOrders, useOrder, useOrders } from '../api/orders';
import { ExitOrderRows } from '../components/ExitOrderRows';
import { ExitOrderView } from '../components/ExitOrderView';
import { OrderRows } from '../components/OrderRows';
import { OrderView } from '../components/OrderView';

// The customer's order pages (issue #12 part 5): per selected location the incoming, outgoing, move-to and
// move-from orders the equipment department posted, each order with its lines, costs and documents, and the exit
// orders (what left the location for good, in what state). Errors show as errors, never as an empty list.

const PAGE_SIZE = 25;

/** The list of the selected location's orders of one kind, filtered by words and status in the address. */
function OrderListView({ kind }: { kind: ListedKind }) {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const { get, page, set, setPage } = useUrlFilters();
  const status = get('status');
  const query = get('q');
  const orders = useOrders(
    location ? { locationNo: location.locationNo, kind, status, query, page, pageSize: PAGE_SIZE } : null,
  );
  return (
    <>
      <PageHeader description={location ? `${t('Locatie.titel')}: ${location.label}` : undefined} />
      {location && (
        <FilterBar
          label={t('Orders.zoeken')}
          placeholder={t('Orders.zoeken_hint')}
          query={query}
          onSearch={(q) => set({ q })}
          testId="order-search"
        >
          <FilterSelect
            label={t('shared.status')}
            data={(['planned', 'in_transit', 'done', 'cancelled'] as const).map((s) => ({
              value: s,
              label: t(`Orders.status.${s}`),
            }))}
            value={status}
            onChange={(v) => set({ status: v })}
          />
        </FilterBar>
      )}
      {!location ? (
        <LocationPrompt messageKey="Orders.kies_locatie" />
      ) : (
        <QueryState
          query={orders}
          errorKey="Orders.ophalen_error"
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyView
              title={status || query ? t('Orders.geen_orders_filter') : t('Orders.geen_orders')}
              icon={<IconPackage size={28} aria-hidden />}
            />
          }
        >
          {(data) => (
            <ResultList
              total={data.total}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={setPage}
              busy={orders.isPlaceholderData}
            >
              <OrderRows items={data.items} kind={kind} />
            </ResultList>
          )}
        </QueryState>
      )}
    </>
  );
}

export const OrdersAanvoerPage = () => <OrderListView kind="delivery" />;
export const OrdersAfvoerPage = () => <OrderListView kind="removal" />;
export const OrdersNaarVerplaatsingPage = () => <OrderListView kind="move_to" />;
export const OrdersVanVerplaatsingPage = () => <OrderListView kind="move_from" />;

/** One order: its data, lines with plant numbers, costs with the total, documents and where it came from. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageQueryState
      errorKey="Orders.ophalen_error"
      query={useOrder(id)}
      back={{ to: paths.ordersAanvoer.to(), label: t('routes.OrdersAanvoer') }}
    >
      {(order) => <OrderView order={order} />}
    </PageQueryState>
  );
}

/** Exitorders: what left the selected location for good. */
export function ExitOrdersPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const { page, set } = useUrlFilters();
  const list = useExitOrders(location?.locationNo ?? null, page, PAGE_SIZE);
  return (
    <>
      <PageHeader description={location ? `${t('Locatie.titel')}: ${location.label}` : undefined} />
      {!location ? (
        <LocationPrompt messageKey="Orders.kies_locatie" />
      ) : (
        <QueryState
          query={list}
          errorKey="Orders.ophalen_error"
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyView title={t('ExitOrders.geen_exitorders')} icon={<IconPackage size={28} aria-hidden />} />
          }
        >
          {(data) => (
            <ResultList
              total={data.total}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={(p) => set({ page: p > 1 ? String(p) : undefined }, { push: true })}
            >
              <ExitOrderRows items={data.items} />
            </ResultList>
          )}
        </QueryState>
      )}
    </>
  );
}

/** One exit order: each line's condition on return, damage, photos and documents. */
export function ExitOrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageQueryState
      errorKey="Orders.ophalen_error"
      query={useExitOrder(id)}
      back={{ to: paths.exitOrders.to(), label: t('routes.ExitOrders') }}
    >
      {(exitOrder) => <ExitOrderView exitOrder={exitOrder} />}
    </PageQueryState>
  );
}
