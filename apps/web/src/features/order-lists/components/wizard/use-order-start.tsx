import { Button } from '@mantine/core';
import type { OrderList } from '@mp/contract/api/order-lists';
import { IconClipboardList } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings, useSettingsQuery } from '../../../../shared/api/get-settings';
import { useWorkAddresses } from '../../../../shared/api/get-work-addresses';
import { useTargetOrderList } from '../../../../shared/api/order-lists/get-order-lists';
import { paths } from '../../../../shared/lib/paths';
import { useStore } from '../../../../shared/lib/store';
import { selectedLocationStore } from '../../../../shared/session/location';
import { sessionStore } from '../../../../shared/session/session';
import { LocationPrompt } from '../../../../shared/ui/LocationPrompt';
import { allOf, QueryState } from '../../../../shared/ui/QueryState';
import { EmptyView } from '../../../../shared/ui/StateViews';
import { defaultDepotOf, useOrderDepots } from '../../api/get-depots';
import { useOrderDraft } from '../../api/get-order-draft';
import { useOrderList } from '../../api/get-order-list';
import { processBlock } from '../order-list-rules';
import { emptyOrderForm, fromDraft, type OrderFormValues } from './wizard-form';
import { wizardFor } from './wizard-store';

/** The order list the wizard orders from, or what stands in the way (no location, loading, empty, amounts). */
export function OrderListGate({
  children,
}: {
  children: (list: OrderList, locationNo: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const { list: summary, query } = useTargetOrderList();
  const detail = useOrderList(location?.locationNo ?? null, summary?.id);
  if (!location) return <LocationPrompt />;
  // no list to order from (none yet, or none left): the empty order list
  const lists = summary ? allOf(query, detail) : allOf(query);
  return (
    <QueryState query={lists}>
      {() => {
        const list = summary ? detail.data : undefined;
        const block = list ? processBlock(list.lines, {}) : 'Bestellijst.leeg';
        if (!list || block)
          return (
            <EmptyView
              title={t(block ?? 'Bestellijst.leeg')}
              icon={<IconClipboardList size={28} aria-hidden />}
            >
              <Button component={Link} to={paths.bestellijst.to()} variant="light" mih={44}>
                {t('Bestellen.terug_bestellijst')}
              </Button>
            </EmptyView>
          );
        return children(list, location.locationNo);
      }}
    </QueryState>
  );
}

/**
 * What the order wizard starts from: the settings, the depots, the location's work addresses and the saved draft
 * of the list it orders from (`query`: a draft that could not be read shows as a failure — starting from the
 * defaults would save them over it), and the defaults (delivered to the default work address, the default depot,
 * the user or the address as contact). Asked for beside the order list, not after it.
 */
export function useOrderStart() {
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const listId = useTargetOrderList().list?.id;
  const settingsQuery = useSettingsQuery();
  const settings = useSettings();
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const depots = useOrderDepots();
  const addresses = useWorkAddresses(locationNo);
  const draft = useOrderDraft(locationNo, listId);
  const list = addresses.data ?? [];
  const address = list.find((a) => a.isDefault) ?? list[0];
  const defaults: OrderFormValues = {
    ...emptyOrderForm,
    destination: list.length > 0 ? 'work_address' : 'other_address',
    addressCode: address?.code ?? null,
    depotNo: defaultDepotOf(depots.data),
    contactPerson:
      settings.bool('Klant_EnableHuidigeGebruikerAlsContact') && user
        ? user.name
        : (address?.contactPerson ?? ''),
    phone: address?.phone ?? '',
  };
  return {
    query: allOf(settingsQuery, depots, addresses, draft),
    settings,
    defaults,
    draft: draft.data ?? null,
    depots: depots.data ?? { defaultDepotNo: null, depots: [] },
    addresses: list,
  };
}

/** The form to start from: what the wizard holds, else the saved draft, else the defaults. */
export function startValues(
  listId: string,
  start: ReturnType<typeof useOrderStart>,
): { values: OrderFormValues; restored: boolean } {
  const held = wizardFor(listId);
  if (held && Object.keys(held.values).length > 0) return { values: held.values, restored: false };
  if (start.draft) return { values: fromDraft(start.draft, start.defaults), restored: true };
  return { values: start.defaults, restored: false };
}
