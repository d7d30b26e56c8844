import type { CreditMemoBody, InvoicingRunBody, InvoicingRunResult } from '@mp/contract/api/invoices';
import { addDays, calendarDayIn } from '@mp/contract/rules/order-dates';
import type { PgBoss } from 'pg-boss';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, fieldErrors, ruleOn } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { LoadSettings } from '../../platform/settings.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import {
  cents,
  chargesOf,
  money,
  monthPeriod,
  PAYMENT_DAYS,
  previousMonthOf,
  rentalDiscount,
  totalsOf,
} from './invoicing.calc.ts';
import { periodCharges } from './invoicing.charges.ts';
import {
  insertInvoice,
  type NewInvoiceLine,
  type RunLocation,
  selectCreditable,
  selectRunLocations,
  updateInvoiceStatus,
} from './invoicing.queries.ts';

/*
 * The invoicing run (issue #13 part 1, decision 0022): per location and month, one invoice (rent, sales, order
 * costs) and one credit memo (buy-backs) from what the loop recorded. Each location's documents are written in a
 * transaction of their own; a document the run made before for that location and month is not made again.
 */

export interface RunDeps {
  db: Db;
  loadSettings: LoadSettings;
  now: Date;
}

// why: 422, not 400: these depend on today and on the stored locations, which no schema can say
const refusedMonth = (code: string, params?: Record<string, string>) => ruleOn('month', code, params);

/** Invoices `month` for every location with something in it, or for the locations named. */
export async function runInvoicing(deps: RunDeps, input: InvoicingRunBody): Promise<InvoicingRunResult> {
  const period = monthPeriod(input.month);
  const today = calendarDayIn(deps.now);
  // a month is invoiced once it is over: rent is counted to its last day
  if (period.to >= today) throw refusedMonth('Facturen.run.maand_niet_voorbij', { date: period.to });
  const settings = await deps.loadSettings(deps.db);
  const locale = String(settings.DefaultLanguage ?? 'nl-NL');
  const locations = await selectRunLocations(deps.db, period, input.locations);
  if (input.locations) {
    const found = new Set(locations.map((l) => l.locationNo));
    const unknown = input.locations.filter((n) => !found.has(n));
    if (unknown.length > 0) {
      throw fieldErrors('rule', 'error.locatie_onbekend', {
        locations: { code: 'error.locatie_onbekend', params: { value: unknown.join(', ') } },
      });
    }
  }
  const ids = locations.map((l) => l.id);
  const { intervals, charges, costs } = await periodCharges(deps.db, ids, period, locale);
  const byLocation = <T extends { locationId: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) {
      const list = map.get(r.locationId);
      if (list) list.push(r);
      else map.set(r.locationId, [r]);
    }
    return map;
  };
  const intervalsOf = byLocation(intervals);
  const chargesOfLocation = byLocation(charges);
  const costsOf = byLocation(costs);

  const result: InvoicingRunResult = {
    periodFrom: period.from,
    periodTo: period.to,
    locations: locations.length,
    created: [],
    skipped: 0,
  };
  for (const location of locations) {
    const { invoiceLines, creditLines } = chargesOf({
      intervals: intervalsOf.get(location.id) ?? [],
      charges: chargesOfLocation.get(location.id) ?? [],
      costs: costsOf.get(location.id) ?? [],
      discountPercent: rentalDiscount(Boolean(settings.UseRentalDiscount), location.discountPercent),
    });
    await deps.db.transaction(async (tx) => {
      for (const [kind, lines] of [
        ['invoice', invoiceLines],
        ['credit_memo', creditLines],
      ] as const) {
        if (lines.length === 0) continue;
        const made = await writeDocument(tx, location, kind, lines, { ...period, today });
        if (made)
          result.created.push({ ...made, kind, locationNo: location.locationNo, lineCount: lines.length });
        else result.skipped += 1;
      }
    });
  }
  return result;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function writeDocument(
  tx: Tx,
  location: RunLocation,
  kind: 'invoice' | 'credit_memo',
  lines: NewInvoiceLine[],
  when: { from: string; to: string; today: string },
) {
  const totals = totalsOf(lines);
  const made = await insertInvoice(
    tx,
    {
      kind,
      customerId: location.customerId,
      locationId: location.id,
      appliesToInvoiceId: null,
      documentDate: when.today,
      dueDate: addDays(when.today, PAYMENT_DAYS),
      periodFrom: when.from,
      periodTo: when.to,
      amountExclVat: totals.exclVat,
      vatAmount: totals.vat,
      amountInclVat: totals.inclVat,
      yourReference: location.projectNumber,
    },
    lines,
  );
  // the customers' systems hear of it (signed webhooks, decision 0032)
  if (made) await emitWebhookEvent(tx, 'invoice', 'invoice.posted', made.id);
  return made ? { id: made.id, documentNo: made.documentNo, amountInclVat: totals.inclVat } : null;
}

/**
 * With an ERP connected the ERP posts the invoices and credit memos and the portal shows what it posted (decision
 * 0027): the department's own invoicing — the run, a correcting credit memo, paid / open — is refused, as it would
 * make documents the ERP does not know.
 */
function refuseWithErp(erp: boolean): void {
  if (erp) throw new AppError('rule', 'Facturen.erp_boekt');
}

/** POST Department/invoicing-runs. */
export async function runInvoicingAsDepartment(
  ctx: Ctx,
  input: InvoicingRunBody,
  erp: boolean,
): Promise<InvoicingRunResult> {
  await requireAccess(ctx, { permission: 'department' });
  refuseWithErp(erp);
  return runInvoicing({ db: ctx.db, loadSettings: () => ctx.settings(), now: ctx.now }, input);
}

/**
 * POST Department/invoices/{id}/credit-memo: a credit memo correcting an invoice by an amount excl. VAT, at most
 * what is left of the invoice after the credit memos that already correct it.
 */
export async function createCreditMemo(
  ctx: Ctx,
  invoiceId: string,
  input: CreditMemoBody,
  erp: boolean,
): Promise<{ id: string; documentNo: string }> {
  await requireAccess(ctx, { permission: 'department' });
  refuseWithErp(erp);
  const today = calendarDayIn(ctx.now);
  return ctx.db.transaction(async (tx) => {
    const invoice = await selectCreditable(tx, invoiceId);
    if (!invoice) throw new AppError('not_found', 'error.niet_gevonden', { details: { id: invoiceId } });
    if (invoice.kind !== 'invoice') throw new AppError('rule', 'Facturen.creditnota.geen_factuur');
    const amount = cents(input.amountExclVat);
    const left = invoice.netCents - invoice.creditedCents;
    if (amount <= 0 || amount > left) {
      throw ruleOn('amountExclVat', 'Facturen.creditnota.te_hoog', { max: money(left) });
    }
    const line: NewInvoiceLine = {
      kind: 'credit',
      itemId: null,
      plantId: null,
      orderId: null,
      description: input.description,
      periodFrom: invoice.periodFrom,
      periodTo: invoice.periodTo,
      days: null,
      quantity: '1',
      priceUnit: null,
      unitCount: null,
      unitPrice: money(amount),
      discountPercent: '0.00',
      amount: money(amount),
    };
    const totals = totalsOf([line]);
    const made = await insertInvoice(
      tx,
      {
        kind: 'credit_memo',
        customerId: invoice.customerId,
        locationId: invoice.locationId,
        appliesToInvoiceId: invoice.id,
        documentDate: today,
        dueDate: addDays(today, PAYMENT_DAYS),
        periodFrom: invoice.periodFrom,
        periodTo: invoice.periodTo,
        amountExclVat: totals.exclVat,
        vatAmount: totals.vat,
        amountInclVat: totals.inclVat,
        yourReference: invoice.yourReference,
      },
      [line],
    );
    if (!made) throw new Error('a correcting credit memo is never bound by the run index');
    await emitWebhookEvent(tx, 'invoice', 'invoice.posted', made.id);
    return made;
  });
}

/** POST Department/invoices/{id}/status: paid (or open again). */
export async function setInvoiceStatus(
  ctx: Ctx,
  invoiceId: string,
  status: 'open' | 'paid',
  erp: boolean,
): Promise<void> {
  await requireAccess(ctx, { permission: 'department' });
  refuseWithErp(erp);
  if (!(await updateInvoiceStatus(ctx.db, invoiceId, status)))
    throw new AppError('not_found', 'error.niet_gevonden', { details: { id: invoiceId } });
}

/** The monthly run: on the 2nd at 03:00 the previous month is invoiced (pg-boss cron, once across processes). */
export const INVOICING_QUEUE = 'invoicing.monthly';
export const INVOICING_CRON = '0 3 2 * *';

export async function startInvoicingSchedule(
  boss: PgBoss,
  deps: Omit<RunDeps, 'now'> & { clock: () => Date },
  pollingIntervalSeconds = 30,
): Promise<void> {
  await boss.createQueue(INVOICING_QUEUE);
  await boss.schedule(INVOICING_QUEUE, INVOICING_CRON, null, { tz: 'Europe/Amsterdam' });
  await boss.work(INVOICING_QUEUE, { pollingIntervalSeconds }, async () => {
    const now = deps.clock();
    const today = calendarDayIn(now);
    await runInvoicing(
      { db: deps.db, loadSettings: deps.loadSettings, now },
      { month: previousMonthOf(today) },
    );
  });
}
