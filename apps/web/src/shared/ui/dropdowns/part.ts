import { laterPart } from '../../lib/later-part';

/** The shell's dropdowns (dropdowns.ts), loaded when the browser is idle after the first paint or on a sign of use. */
export const dropdownsPart = laterPart(() => import('./dropdowns'));
