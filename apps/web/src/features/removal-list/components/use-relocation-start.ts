import { usePlantLocations } from '../../../shared/api/get-plant-locations';
import { useSettings, useSettingsQuery } from '../../../shared/api/get-settings';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { allOf } from '../../../shared/ui/QueryState';
import { emptyRelocationForm, type RelocationFormValues, relocationMemory } from './relocation-form';

/**
 * What the relocation wizard on the selected location starts from: the settings and the locations the equipment may move to — the caller's,
 * not blocked, not read-only, the current one only with Verplaatsen_EnableVerplaastenNaarEigenLocatie (`query`: a
 * failure shows as one, never as nowhere to go) — and the form held for this location, else the defaults.
 */
export function useRelocationStart() {
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const settingsQuery = useSettingsQuery();
  const settings = useSettings();
  const locations = usePlantLocations();
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const own = settings.bool('Verplaatsen_EnableVerplaastenNaarEigenLocatie');
  const targets = (locations.data ?? []).filter(
    (l) => !l.blocked && l.role !== 'administration' && (own || l.locationNo !== locationNo),
  );
  const held = locationNo ? relocationMemory.held(locationNo) : null;
  const defaults: RelocationFormValues = {
    ...emptyRelocationForm,
    contactPerson: settings.bool('Klant_EnableHuidigeGebruikerAlsContact') && user ? user.name : '',
  };
  return {
    query: allOf(settingsQuery, locations),
    targets,
    settings,
    values: held ? held.values : defaults,
    restored: held !== null,
  };
}

export type RelocationStart = ReturnType<typeof useRelocationStart>;
