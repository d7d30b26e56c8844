import type { TooltipProps } from '@mantine/core';
import { useLaterPart } from '../lib/later-part';
import { dropdownsPart } from './dropdowns/part';

/**
 * Mantine's Tooltip once the dropdowns' part has loaded after the first paint, the element alone before: a hint on
 * hover needs Floating UI (14 kB brotli), which a page's first render does without (decision 0003). The element
 * names itself (aria-label), so nothing is lost while the hint is not there yet.
 */
export function LaterTooltip({ children, ...props }: TooltipProps) {
  const Tooltip = useLaterPart(dropdownsPart)?.Tooltip;
  return Tooltip ? <Tooltip {...props}>{children}</Tooltip> : children;
}
