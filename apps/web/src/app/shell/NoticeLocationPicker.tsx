import { LocationSelector } from '../../features/locations/components/LocationSelector';

/** The location selector inside a page's "choose a location first" notice, labelled with the page's reason. */
export function NoticeLocationPicker({ label }: { label: string }) {
  return <LocationSelector label={label} testId="location-prompt-selector" />;
}
