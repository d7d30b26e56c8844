import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantLocations, useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { useSettings, useSettingsQuery } from '../../../shared/api/get-settings';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { allOf, QueryState } from '../../../shared/ui/QueryState';
import { EmptyView } from '../../../shared/ui/StateViews';
import { emptyTransportForm, type TransportFormValues, transportMemory } from './transport-form';

/**
 * What the transport wizard starts from: the selected location, the settings and the locations a transport may go
 * to — the caller's, not blocked, not read-only, the current one only with
 * TransportAanvraag_EnableVerplaastenNaarEigenLocatie — and the form held for this location, else the defaults
 * (with the cargo and comment Gegevens takes from its address, `?lading=&opmerking=`: the stock's exchange request,
 * decision 0034).
 */
export function useTransportStart(prefill: { cargo?: string; comment?: string } = {}) {
  const settingsQuery = useSettingsQuery();
  const settings = useSettings();
  const locations = usePlantLocations();
  const location = useStore(selectedLocationStore);
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const { readOnlyKey } = useSelectedLocationAccess();
  const locationNo = location?.locationNo;
  const own = settings.bool('TransportAanvraag_EnableVerplaastenNaarEigenLocatie');
  const targets = (locations.data ?? []).filter(
    (l) => !l.blocked && l.role !== 'administration' && (own || l.locationNo !== locationNo),
  );
  const held = locationNo ? transportMemory.held(locationNo) : null;
  const me = settings.bool('Klant_EnableHuidigeGebruikerAlsContact') && user ? user.name : '';
  const defaults: TransportFormValues = {
    ...emptyTransportForm,
    cargo: (prefill.cargo ?? '').slice(0, 500),
    comment: (prefill.comment ?? '').slice(0, 1000),
    from: { ...emptyTransportForm.from, contactPerson: me },
  };
  return {
    query: allOf(settingsQuery, locations),
    readOnlyKey,
    locationNo,
    targets,
    settings,
    values: held ? held.values : defaults,
    restored: held !== null,
  };
}

export type TransportStart = ReturnType<typeof useTransportStart>;

/** What stands in the way of a transport request (no location, loading or failed, read-only), else the step. */
export function TransportGate({
  start,
  children,
}: {
  start: TransportStart;
  children: (locationNo: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const { locationNo, readOnlyKey } = start;
  if (!locationNo) return <LocationPrompt />;
  return (
    <QueryState query={start.query}>
      {() =>
        readOnlyKey ? (
          <EmptyView title={t(readOnlyKey)} icon={<IconLock size={28} aria-hidden />} />
        ) : (
          children(locationNo)
        )
      }
    </QueryState>
  );
}
