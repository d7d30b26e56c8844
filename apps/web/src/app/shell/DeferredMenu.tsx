import { Menu } from '@mantine/core';
import {
  type ComponentPropsWithRef,
  type ReactElement,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';

type TargetProps = ComponentPropsWithRef<'button'>;

/**
 * A menu of the top bar that exists only from its first use. Until then the target is a plain button: Mantine's
 * Menu (a popover whose positioning runs, and renders a second time, even while closed) would otherwise be part
 * of every first page. The first click mounts the menu, moves the focus to its target and opens it, so
 * keyboard users land in the menu and Escape brings them back to the button.
 */
export function DeferredMenu({
  target,
  width,
  children,
}: {
  /** the button; called with the props the menu adds (spread them onto a `<button>`) */
  target: (props: TargetProps) => ReactElement;
  width: number;
  children: ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const focused = useRef(false);
  // opened after the mount, not with it: Mantine records the focused target when `opened` changes and returns
  // the focus there on close
  useEffect(() => {
    if (mounted) setOpened(true);
  }, [mounted]);

  if (!mounted) {
    return target({ 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: () => setMounted(true) });
  }
  const focusOnce = (el: HTMLButtonElement | null) => {
    if (!el || focused.current) return;
    focused.current = true;
    el.focus();
  };
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md" width={width}>
      <Menu.Target>{target({ ref: focusOnce })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
