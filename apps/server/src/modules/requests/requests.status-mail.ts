import { defaultLocale, isLocale, type Locale, translate } from '@mp/contract/i18n';
import type { RequestKind, RequestStatus } from '@mp/contract/rules/request-status';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { renderMail } from '../../platform/mail/templates.ts';
import type { SettingsMap } from '../../platform/settings.ts';
import { selectStatusMailRow } from './requests.status.queries.ts';
import { formatDay, kindKey, type SubmitDeps } from './requests.submit.ts';

/*
 * The mail to the requester on every status change after the submit (decision 0018): in the requester's
 * language, on the change's transaction (a rolled-back change mails nothing). The wizards' "mail the user"
 * settings govern it per kind, as they govern the confirmation.
 */

const statusKey: Record<RequestStatus, string> = {
  submitted: 'Aanvragen.status.ingediend',
  in_progress: 'Aanvragen.status.in_behandeling',
  planned: 'Aanvragen.status.gepland',
  done: 'Aanvragen.status.afgerond',
  cancelled: 'Aanvragen.status.geannuleerd',
  rejected: 'Aanvragen.status.afgewezen',
};

/** Whether the settings let a request of this kind mail its requester. */
export function mailsRequester(kind: RequestKind, s: SettingsMap): boolean {
  switch (kind) {
    case 'order':
      return s.OrderWizardEmailEnableSend !== false;
    case 'removal':
      return s.Afvoerwizard_EnableSendEmailUser !== false;
    case 'relocation':
      return s.Verplaatsen_EnableSendEmailUser !== false;
    case 'transport':
      return s.TransportAanvraag_EnableSendEmailUser !== false;
  }
}

/** Queues the status mail of request `id` (now in status `to`) to its requester, if the settings allow. */
export async function queueStatusMail(
  tx: Tx,
  deps: SubmitDeps,
  s: SettingsMap,
  change: { id: string; to: RequestStatus; note?: string | null },
): Promise<void> {
  const row = await selectStatusMailRow(tx, change.id);
  if (!row?.email || !mailsRequester(row.kind, s)) return;
  const fallback: Locale = isLocale(s.DefaultLanguage) ? s.DefaultLanguage : defaultLocale;
  const locale: Locale = isLocale(row.language) ? row.language : fallback;
  const rendered = await renderMail(tx as unknown as Db, 'RequestStatusChanged', locale, {
    requestNo: row.requestNo,
    name: row.name ?? row.email,
    kind: translate(locale, kindKey[row.kind]),
    status: translate(locale, statusKey[change.to]),
    location: [row.locationNo, row.locationDescription].filter(Boolean).join(' - '),
    plannedDate: change.to === 'planned' ? formatDay(locale, row.plannedDate) : '',
    note: change.note?.trim() ?? '',
    portal: String(s.CustomTitle ?? '').trim() || 'Materieelportaal',
    link: `${deps.publicUrl}/aanvragen/${change.id}`,
  });
  await deps.mailer.queue(
    { type: 'RequestStatusChanged', locale, to: row.email, ...rendered },
    tx as unknown as Db,
  );
}
