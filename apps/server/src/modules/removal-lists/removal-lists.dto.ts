import type { RemovalList } from '@mp/contract/api/stock';

/** The removal list as the legacy Afvoerlijst/* calls answer it (afvoerlijstItems with Dutch field names). */
export function afvoerlijstDto(list: RemovalList) {
  return {
    afvoerlijstItems: list.lines.map((l) => ({
      id: l.lineId,
      materieelSoort: l.itemNo,
      materieelNummer: l.plantNo ?? '',
      materieelLocatie: l.locationNo,
      omschrijving: l.description,
      retourAantal: l.returnAmount,
      opmerking: l.comment ?? '',
      gewichtPerStuk: l.weightPerPiece === null ? 0 : Number(l.weightPerPiece),
      aantalOpLocatie: l.onSite,
    })),
  };
}
