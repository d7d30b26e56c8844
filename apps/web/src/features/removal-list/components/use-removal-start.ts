import { useSettings, useSettingsQuery } from '../../../shared/api/get-settings';
import { useWorkAddresses } from '../../../shared/api/get-work-addresses';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { allOf } from '../../../shared/ui/QueryState';
import { useRemovalDepots } from '../api/submit-removal';
import { emptyRemovalForm, type RemovalFormValues, removalMemory } from './removal-form';

/**
 * What the removal wizard on the selected location starts from: the settings, the depots and the location's work addresses (`query`: a
 * failure shows as one, never as an empty choice), and the form — what the user filled in before on this location,
 * else the defaults (picked up at the default work address, the default depot, the user or the address as contact).
 */
export function useRemovalStart() {
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const settingsQuery = useSettingsQuery();
  const settings = useSettings();
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const depots = useRemovalDepots();
  const addresses = useWorkAddresses(locationNo);
  // a depot (DepotWerkAdresen_TonenEnGebruiken) is where removals go, never where they are picked up
  const list = (addresses.data ?? []).filter((a) => a.kind !== 'depot');
  const address = list.find((a) => a.isDefault) ?? list[0];
  const defaults: RemovalFormValues = {
    ...emptyRemovalForm,
    transportMeans: 'afhalen',
    pickup: list.length > 0 ? 'work_address' : 'other_address',
    addressCode: address?.code ?? null,
    depotNo:
      depots.data?.depots.find((d) => d.depotNo === depots.data?.defaultDepotNo)?.depotNo ??
      depots.data?.depots[0]?.depotNo ??
      null,
    contactPerson:
      settings.bool('Klant_EnableHuidigeGebruikerAlsContact') && user
        ? user.name
        : (address?.contactPerson ?? ''),
    phone: address?.phone ?? '',
  };
  const held = locationNo ? removalMemory.held(locationNo) : null;
  return {
    query: allOf(settingsQuery, depots, addresses),
    values: held ? held.values : defaults,
    restored: held !== null,
    depots: depots.data?.depots ?? [],
    addresses: list,
    settings,
  };
}

export type RemovalStart = ReturnType<typeof useRemovalStart>;
