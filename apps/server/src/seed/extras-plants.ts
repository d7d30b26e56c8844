import type { DemoItem } from './build-catalogue.ts';
import { addDays, addMonths, at } from './dates.ts';
import type { ExtrasState } from './extras-state.ts';
import { pdfJob } from './file-jobs.ts';
import { stableId } from './random.ts';

/** Days from today to the next inspection of plants on site, cycled so every warning level shows. */
const DUE_OFFSETS = [-25, -9, -2, 3, 6, 11, 18, 25, 33, 45, 58, 75, 110, 160, 220, 300];
const INSPECTORS = [
  'J. Kuipers (NEN 3140)',
  'M. Brouwer (keurmeester)',
  'R. Dijkstra',
  'S. Veenstra (NEN 3140)',
];
const REMARKS = [
  'Aardlekschakelaar vervangen.',
  'Hijsband vervangen, label ontbrak.',
  'Stekker CEE 32 A vernieuwd.',
  'Bandenspanning gecorrigeerd.',
];

/** Inspections of the plants on site, and the documents of items and plants. */
export function addPlantRecords(x: ExtrasState): void {
  const steps = plantRecords(x);
  while (!steps.next().done);
}

/** Plants between two pauses of plantRecords. */
const PLANTS_PER_PAUSE = 500;

/** As addPlantRecords, pausing (yielding) every few thousand plants. */
export function* plantRecords(x: ExtrasState): Generator<void, void> {
  const { catalogue, locations, simulation, adminId, today, files, out } = x;
  // ── Inspections ───────────────────────────────────────────────────────────────────────────
  const plantsOnSite = simulation.plants
    .filter((p) => p.locationIndex !== null)
    .sort((a, b) => (a.plantNo < b.plantNo ? -1 : 1));
  const onSiteIndex = new Map(plantsOnSite.map((p, i) => [p.id, i]));
  for (let p = 0; p < simulation.plants.length; p++) {
    if (p % PLANTS_PER_PAUSE === PLANTS_PER_PAUSE - 1) yield;
    const plant = simulation.plants[p];
    const months = plant.item.family.inspectionMonths;
    if (!months) continue;
    const span = months * 30 - 5;
    const i = onSiteIndex.get(plant.id);
    const offset =
      i !== undefined
        ? Math.min(DUE_OFFSETS[i % DUE_OFFSETS.length], span)
        : 1 + ((plant.buildYear * 37 + plant.plantNo.length * 11 + (i ?? 0)) % span);
    const due = addDays(today, offset);
    const last = addMonths(due, -months);
    const withRemarks = plant.plantNo.endsWith('2') && (i ?? 0) % 3 === 0;
    const id = stableId('inspection', `${plant.id}:last`);
    let certificateFileId: string | null = null;
    if (i !== undefined && plant.item.copy === 1) {
      const job = pdfJob(
        stableId('file', `certificate:${plant.id}`),
        `demo/certificates/${plant.plantNo.toLowerCase()}.pdf`,
        `keuringsrapport-${plant.plantNo}.pdf`,
        `Keuringsrapport ${plant.plantNo}`,
        [
          plant.item.name['nl-NL'],
          `Serienummer ${plant.serialNo} · bouwjaar ${plant.buildYear}`,
          `Gekeurd op ${last} door ${INSPECTORS[i % INSPECTORS.length]}`,
          `Resultaat: ${withRemarks ? 'goedgekeurd met opmerkingen' : 'goedgekeurd'}`,
          `Volgende keuring vóór ${due}`,
        ],
      );
      files.push(job);
      certificateFileId = job.id;
      out.documents.push({
        id: stableId('document', `certificate:${plant.id}`),
        documentSystemId: `DMS-KEUR-${plant.plantNo}`,
        category: 'Keuringscertificaat',
        title: `Keuringsrapport ${plant.plantNo} (${last})`,
        fileId: job.id,
        documentDate: last,
        plantId: plant.id,
        itemId: plant.item.id,
        uploadedBy: adminId,
      });
    }
    out.inspections.push({
      id,
      plantId: plant.id,
      inspectedOn: last,
      result: withRemarks ? 'approved_with_remarks' : 'approved',
      nextDueDate: due,
      inspector: INSPECTORS[(i ?? plant.buildYear) % INSPECTORS.length],
      remarks: withRemarks ? REMARKS[(i ?? 0) % REMARKS.length] : null,
      certificateFileId,
      createdAt: at(last, 15),
    });
    if (i !== undefined) {
      const before = addMonths(last, -months);
      out.inspections.push({
        id: stableId('inspection', `${plant.id}:previous`),
        plantId: plant.id,
        inspectedOn: before,
        result: 'approved',
        nextDueDate: last,
        inspector: INSPECTORS[(i + 1) % INSPECTORS.length],
        createdAt: at(before, 15),
      });
    }
  }

  // ── Documents ─────────────────────────────────────────────────────────────────────────────
  for (const loc of locations) {
    const docs = [
      {
        key: 'vg',
        title: `V&G-plan uitvoeringsfase ${loc.spec.description}`,
        lines: [
          'Veiligheids- en gezondheidsplan',
          `Project ${loc.spec.projectNumber}`,
          `${loc.spec.street}, ${loc.spec.city}`,
        ],
      },
      {
        key: 'bpi',
        title: `Bouwplaatsinrichtingstekening ${loc.spec.locationNo}`,
        lines: [
          'Ligging keten, containers, hekwerk en aan- en afvoerroutes.',
          `Werkadressen: ${loc.workAddresses.map((w) => w.name).join('; ')}`,
        ],
      },
    ];
    for (const d of docs) {
      const job = pdfJob(
        stableId('file', `location-doc:${loc.id}:${d.key}`),
        `demo/locations/${loc.spec.locationNo.toLowerCase()}-${d.key}.pdf`,
        `${d.key}-${loc.spec.locationNo}.pdf`,
        d.title,
        d.lines,
      );
      files.push(job);
      out.documents.push({
        id: stableId('document', `location:${loc.id}:${d.key}`),
        documentSystemId: `DMS-LOC-${loc.spec.locationNo}-${d.key.toUpperCase()}`,
        category: 'Documenten',
        title: d.title,
        fileId: job.id,
        documentDate: loc.start,
        locationId: loc.id,
        uploadedBy: adminId,
      });
    }
  }
  const firstOfFamily = new Map<string, DemoItem>();
  for (const item of catalogue.demoItems) {
    if (item.copy !== 1) continue;
    if (!firstOfFamily.has(item.family.code)) firstOfFamily.set(item.family.code, item);
    // The item image is also a document in the images category (GetMaterieelImagesUri).
    out.documents.push({
      id: stableId('document', `image:${item.id}`),
      documentSystemId: `DMS-IMG-${item.itemNo}`,
      category: 'Afbeeldingen',
      title: item.name['nl-NL'],
      fileId: stableId('file', `item:${item.itemNo}`),
      itemId: item.id,
      uploadedBy: adminId,
    });
  }
  for (const item of firstOfFamily.values()) {
    const job = pdfJob(
      stableId('file', `manual:${item.family.code}`),
      `demo/manuals/${item.family.code.toLowerCase()}.pdf`,
      `handleiding-${item.family.code.toLowerCase()}.pdf`,
      `Gebruikershandleiding ${item.name['nl-NL']}`,
      [
        'Lees deze handleiding vóór gebruik.',
        'Gebruik alleen met geldige keuring.',
        'Storingen melden bij de materieeldienst: 030 241 88 00.',
      ],
    );
    files.push(job);
    for (const target of catalogue.demoItems.filter(
      (x) => x.family.code === item.family.code && x.copy === 1,
    )) {
      out.documents.push({
        id: stableId('document', `manual:${target.id}`),
        documentSystemId: `DMS-HANDL-${target.itemNo}`,
        category: 'Documenten',
        title: `Handleiding ${target.name['nl-NL']}`,
        fileId: job.id,
        itemId: target.id,
        uploadedBy: adminId,
      });
    }
  }
}
