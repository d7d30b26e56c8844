// Texts the simulated requests pick from (data).

export const transportMeans = ['Vrachtwagen', 'Vrachtwagen met kraan', 'Bestelbus', 'Dieplader'];
export const cargoTexts = [
  'Bekistingsmateriaal eigen beheer, 2 pallets',
  'Steigermateriaal eigen beheer, ca. 3 ton',
  'Wapeningsstaal 12 m, 4 bundels',
  'Keet van onderaannemer (6 m)',
  'Stelconplaten 2 x 2 m, 10 stuks',
  'Rioolbuizen PVC 315 mm, 24 stuks',
  'Kantoorinventaris en archiefkasten',
];
export const referenceTexts = [
  'Fase 1',
  'Fase 2',
  'Casco',
  'Afbouw',
  'Ruwbouw',
  'Werkvak noord',
  'Werkvak zuid',
  'Meerwerk',
  '',
];
export const comments = [
  'Graag vóór 9.00 uur leveren, bouwplaats is vanaf 7.00 uur open.',
  'Melden bij de uitvoerder in de bouwkeet.',
  'Let op: beperkte doorrijhoogte 3,5 m bij de ingang.',
  'Bellen 30 minuten voor aankomst.',
  '',
  '',
  '',
];
export const cancelNotes = [
  'Niet meer nodig, planning gewijzigd.',
  'Dubbel aangevraagd.',
  'Materieel geleend van andere locatie.',
];
export const rejectNotes = [
  'Gevraagde datum valt buiten de levertermijn; graag opnieuw aanvragen.',
  'Materieel niet beschikbaar in deze periode.',
  'Locatie niet bereikbaar voor vrachtverkeer op deze datum.',
];
