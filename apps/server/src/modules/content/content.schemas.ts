import { serviceMessage } from '@mp/contract/api/shell';
import { z } from 'zod';

/** Schemas shared by the v2 routes and the legacy adapters of this module (not yet in the contract). */
export const columnName = z.enum(['footer_column_one', 'footer_column_two', 'footer_column_three']);

/** A service message as admins manage it: the contract's shape plus its active window. */
export const serviceMessageAdmin = serviceMessage.extend({
  activeFrom: z.string(),
  activeUntil: z.string().nullable(),
});
