/**
 * The pure rules of complaints (klachten, docs/decisions/0021-complaints.md), shared by the server (which
 * decides) and the web app (which offers only what can work).
 *
 * Status: open ──► in_progress ──► resolved ──► closed
 *   - the department moves a complaint to any other status (also back: a resolved one that is not solved after
 *     all goes to in_progress; a closed one may be reopened);
 *   - the site user never sets a status; a reply of theirs on a resolved complaint puts it back in progress;
 *   - a closed complaint takes no more lines or documents from the site user.
 */

export const complaintStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

/** Every complaint type; setting Klacht_TypeFilter narrows the choice (empty: all). */
export const complaintTypes = ['Storing', 'Schade', 'Levering', 'Factuur', 'Overig'] as const;
export type ComplaintType = (typeof complaintTypes)[number];

/** The types a user may choose under Klacht_TypeFilter (unknown entries ignored; none known: all). */
export function allowedComplaintTypes(filter: readonly string[] | null | undefined): ComplaintType[] {
  const wanted = new Set((filter ?? []).map((f) => f.trim().toLowerCase()).filter(Boolean));
  const chosen = complaintTypes.filter((t) => wanted.has(t.toLowerCase()));
  return chosen.length ? chosen : [...complaintTypes];
}

/** Whether the site user may still add a line or a document. */
export function userMayAdd(status: ComplaintStatus): boolean {
  return status !== 'closed';
}

/** The status after a line of the site user: a resolved complaint is taken up again. */
export function statusAfterUserLine(status: ComplaintStatus): ComplaintStatus {
  return status === 'resolved' ? 'in_progress' : status;
}

/** The translation key of a status (Klachten.status.*). */
export const complaintStatusKey: Record<ComplaintStatus, string> = {
  open: 'Klachten.status.open',
  in_progress: 'Klachten.status.in_behandeling',
  resolved: 'Klachten.status.opgelost',
  closed: 'Klachten.status.gesloten',
};

/** The translation key of a type (Klachten.typen.*). */
export const complaintTypeKey = (type: string): string => `Klachten.typen.${type}`;

const toUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const fromUtc = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The day `workingDays` working days (Monday to Friday) after `day`: the expected resolution date of a complaint
 * submitted on `day` (Klacht_VerwachteOplossingsDagen). Public holidays are not known to the portal and count as
 * working days. A submission on a Saturday or Sunday starts counting on the next Monday's first working day.
 */
export function addWorkingDays(day: string, workingDays: number): string {
  const d = toUtc(day);
  let left = Math.max(0, Math.trunc(workingDays));
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const w = d.getUTCDay();
    if (w !== 0 && w !== 6) left--;
  }
  return fromUtc(d);
}
