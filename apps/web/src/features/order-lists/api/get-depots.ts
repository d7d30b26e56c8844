// The order wizard's depots: the shared fetcher (shared/api/get-depots.ts) for the purpose 'order'.
import { useDepots } from '../../../shared/api/get-depots';

export { type Depot, type DepotList, defaultDepotOf, depotKeys } from '../../../shared/api/get-depots';

export const useOrderDepots = () => useDepots('order');
