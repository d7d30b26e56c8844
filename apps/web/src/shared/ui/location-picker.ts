import { type ComponentType, createContext } from 'react';

/**
 * The location picker the app provides (the banner's location selector, with a label of the page's own): a notice
 * that a page needs a location holds it, so the location is chosen where the notice says so. A slot, because
 * shared/ui does not import features; without a provider the notice points to the banner's selector instead.
 */
export const LocationPickerContext = createContext<ComponentType<{ label: string }> | null>(null);
