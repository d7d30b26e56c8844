/*
 * The offline queue and its cache updates, loaded when a change is made rather than with the page (the shell's
 * QueueNotice has usually loaded them already, after the first render): what a page must load before it renders
 * stays small (issue #36 point 1).
 */
export const offlineQueue = () => import('./queue');
export const offlineOptimistic = () => import('./optimistic');
