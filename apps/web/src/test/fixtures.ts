import type { PlantLocation } from '@mp/contract/api/shell';
import type { RemovalList } from '@mp/contract/api/stock';

// The answers page tests stub most often, built in one place (a field added to the contract is added here once).

/** One of the user's locations (GET PlantLocations), P-1 "Project" unless overridden. */
export function plantLocation(overrides: Partial<PlantLocation> = {}): PlantLocation {
  return {
    id: 'P-1',
    locationNo: 'P-1',
    description: 'Project',
    description2: null,
    blocked: false,
    projectNo: null,
    role: 'user',
    customerName: null,
    ...overrides,
  };
}

/** The answer of GET PlantLocations with these locations (P-1 alone by default). */
export function plantLocationsAnswer(locations: PlantLocation[] = [plantLocation()]) {
  return { plantLocations: locations };
}

type RemovalLine = RemovalList['lines'][number];

/** A line of a removal list on P-1: a bulk item (10 on site, 2 to return) unless overridden. */
export function removalLine(overrides: Partial<RemovalLine> = {}): RemovalLine {
  return {
    lineId: '11111111-1111-4111-8111-111111111111',
    itemNo: 'BH-1',
    description: 'Bouwhek',
    plantNo: null,
    locationNo: 'P-1',
    returnAmount: 2,
    comment: null,
    weightPerPiece: null,
    onSite: 10,
    nextInspection: null,
    ...overrides,
  };
}

/** A removal list of P-1 with these lines. */
export function removalList(lines: RemovalLine[]): RemovalList {
  return { locationNo: 'P-1', count: lines.length, lines };
}
