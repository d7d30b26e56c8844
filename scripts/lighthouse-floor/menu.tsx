// The Floor's menu, loaded after the first paint (main.tsx LaterMenu), with its styles.
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Button, Menu } from '@mantine/core';

export function FloorMenu({ label, item }: { label: string; item: string }) {
  return (
    <Menu>
      <Menu.Target>
        <Button variant="subtle">{label}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>{item}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
