import type { Menu } from '@mantine/core';
import {
  type ComponentPropsWithRef,
  type ReactElement,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { loadOnIntent, useLaterPart } from '../../lib/later-part';
import { dropdownsPart } from './part';

type TargetProps = ComponentPropsWithRef<'button'>;
type MenuParts = typeof Menu;

/**
 * A menu (the top bar's, a page's export) that exists only from its first use. Until then the target is a plain button: Mantine's
 * Menu (a popover whose positioning runs, and renders a second time, even while closed) would otherwise be part
 * of every page that shows one, and its code (Menu, Popover, Transition, Floating UI) is loaded after the first paint
 * (`shared/ui/dropdowns`). The first click mounts the menu, moves the focus to its target and opens it, so
 * keyboard users land in the menu and Escape brings them back to the button. The items are a function of the
 * loaded Menu, so their code needs no static import of it.
 */
export function DeferredMenu({
  target,
  width,
  children,
}: {
  /** the button; called with the props the menu adds (spread them onto a `<button>`) */
  target: (props: TargetProps) => ReactElement;
  width: number;
  children: (menu: MenuParts) => ReactNode;
}) {
  const M = useLaterPart(dropdownsPart)?.Menu;
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const focused = useRef(false);
  // opened after the mount, not with it: Mantine records the focused target when `opened` changes and returns
  // the focus there on close
  useEffect(() => {
    if (mounted && M) setOpened(true);
  }, [mounted, M]);

  if (!mounted || !M) {
    return target({
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      ...loadOnIntent(dropdownsPart),
      // the menu's code is usually there by now (idle or pointer over); if not, the menu opens when it arrives
      onClick: () => {
        setMounted(true);
        if (!dropdownsPart.current()) void dropdownsPart.load().catch(() => setMounted(false));
      },
    });
  }
  const focusOnce = (el: HTMLButtonElement | null) => {
    if (!el || focused.current) return;
    focused.current = true;
    el.focus();
  };
  return (
    <M opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md" width={width}>
      <M.Target>{target({ ref: focusOnce })}</M.Target>
      <M.Dropdown>{children(M)}</M.Dropdown>
    </M>
  );
}
