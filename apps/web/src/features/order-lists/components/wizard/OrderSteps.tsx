import type { OrderList } from '@mp/contract/api/order-lists';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { Navigate } from 'react-router';
import { paths } from '../../../../shared/lib/paths';
import { QueryState } from '../../../../shared/ui/QueryState';
import { GegevensForm } from './GegevensForm';
import { OrderAfronden } from './OrderAfronden';
import { startValues, type useOrderStart } from './use-order-start';
import { fromDraft, type OrderFormValues, orderDateSettings, validateOrderForm } from './wizard-form';
import { updateWizard, wizardFor } from './wizard-store';

type Start = ReturnType<typeof useOrderStart>;

/** Bestellen, step 1 (Gegevens) once its list and start are there: the held form, else the draft, else defaults. */
export function OrderGegevensStep({
  list,
  locationNo,
  start,
}: {
  list: OrderList;
  locationNo: string;
  start: Start;
}) {
  return (
    <QueryState query={start.query}>
      {() => {
        const { values, restored } = startValues(list.id, start);
        return (
          <GegevensForm
            key={list.id}
            locationNo={locationNo}
            listId={list.id}
            initial={values}
            restored={restored}
            depots={start.depots}
            addresses={start.addresses}
          />
        );
      }}
    </QueryState>
  );
}

/**
 * Bestellen, step 2 (Afronden): the form completed on Gegevens; after a reload the saved draft, when it is complete;
 * else back to Gegevens.
 */
export function OrderAfrondenStep({ list, start }: { list: OrderList; start: Start }) {
  return (
    <QueryState query={start.query}>
      {() => {
        const values = completedForm(list.id, start);
        if (!values) return <Navigate to={paths.bestellenGegevens.to()} replace />;
        return (
          <OrderAfronden list={list} values={values} depots={start.depots} addresses={start.addresses} />
        );
      }}
    </QueryState>
  );
}

function completedForm(listId: string, start: Start): OrderFormValues | null {
  const held = wizardFor(listId);
  if (held?.filled) return held.values;
  if (!start.draft) return null;
  // a reload on this step: the saved draft is the form, when it is complete
  const candidate = fromDraft(start.draft, start.defaults);
  const problems = validateOrderForm(candidate, {
    today: calendarDayIn(new Date()),
    dates: orderDateSettings(start.settings),
    termsRequired: false,
    checkTerms: false,
  });
  if (Object.keys(problems).length > 0) return null;
  updateWizard(listId, { values: candidate, filled: true });
  return candidate;
}
