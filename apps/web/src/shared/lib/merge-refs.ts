import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * What Mantine's ScrollArea takes from @floating-ui/react (`useMergeRefs`), given by Mantine's own hook: importing
 * @floating-ui/react for it put all of Floating UI (14 kB brotli) before the first render of every page with a table
 * (Table → ScrollArea), though no popover was open (vite.config.ts, scrollAreaWithoutFloatingUi).
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
