// The shell's dropdowns in one module, loaded after the first paint (part.ts): the top bar's menus (Mantine's Menu),
// the location selector's and the product search's dropdowns (Combobox), the pages' hints (Tooltip, shared/ui/LaterTooltip). With Popover, Transition and Floating UI
// they are ≈ 24 kB brotli the first page no longer waits for; one module rather than three, so the bundler shares
// them with the pages' own dropdowns in fewer, larger chunks.
export { Menu, Tooltip } from '@mantine/core';
export { LocationDropdown } from './LocationDropdown';
export { ProductSearchDropdown } from './ProductSearchDropdown';
