import { AppError } from '../../platform/errors.ts';
import type { SettingsMap } from '../settings/index.ts';

export const requestNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { requestId: id } });

/**
 * The ERP codes a new request carries (issue #31 item 20, decision 0006), as the settings are when it is made:
 * Spoed_Code, the ERP item its rush surcharge is booked on, on a rush request; Aanvraag_OpmerkingCode, the code its
 * remark is filed under, on a request with a remark. An empty setting is no code.
 */
export function erpCodesFor(
  s: Pick<SettingsMap, 'Spoed_Code' | 'Aanvraag_OpmerkingCode'>,
  request: { rush: boolean; comment: string | null },
): { rushItemNo: string | null; commentCode: string | null } {
  return {
    rushItemNo: request.rush ? s.Spoed_Code.trim() || null : null,
    commentCode: request.comment?.trim() ? s.Aanvraag_OpmerkingCode.trim() || null : null,
  };
}
