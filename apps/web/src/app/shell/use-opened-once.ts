import { useCallback, useState } from 'react';

/**
 * Whether a menu has been opened yet. Mantine's Menu mounts its dropdown (portal, transition) with the button,
 * even while closed; the shell's menus render their dropdown from the first opening on, so the first page
 * renders less.
 */
export function useOpenedOnce(): [openedOnce: boolean, onOpen: () => void] {
  const [openedOnce, setOpenedOnce] = useState(false);
  return [openedOnce, useCallback(() => setOpenedOnce(true), [])];
}
