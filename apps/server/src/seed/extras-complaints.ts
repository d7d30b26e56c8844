import { addDays, at } from './dates.ts';
import type { ExtrasState } from './extras-state.ts';
import { pdfJob, pictureJob } from './file-jobs.ts';
import { stableId } from './random.ts';
import type { OrderInfo, PlantState } from './simulate.ts';

/** Complaints (with lines and documents) and exit orders of finished removals. */
export function addComplaintsAndExitOrders(x: ExtrasState): void {
  const { locations, simulation, invoicing, users, adminId, ref, files, out, orderNo, byNo, locByNo } = x;
  // ── Complaints ────────────────────────────────────────────────────────────────────────────
  const plantAt = (li: number, prefix: string): PlantState | undefined =>
    simulation.plants.find((p) => p.locationIndex === li && p.item.family.code === prefix) ??
    simulation.plants.find((p) => p.locationIndex === li);
  const deliveryAt = (li: number): OrderInfo | undefined =>
    simulation.orderInfos.find(
      (o) => o.locationIndex === li && o.kind === 'delivery' && o.status === 'done' && o.lines.length > 0,
    );
  const invoiceAt = (li: number) =>
    invoicing.invoices.find((inv) => inv.locationId === locations[li].id && inv.kind === 'invoice');
  const complaintSpecs = [
    {
      loc: 'P-24001',
      user: 'uitvoerder@vandijk.nl',
      type: 'Storing',
      subject: 'Aggregaat slaat af bij belasting',
      status: 'in_progress' as const,
      daysAgo: 6,
      plant: 'AG',
      photo: true,
      messages: [
        [
          'user',
          'Het aggregaat valt sinds gisteren uit zodra de bouwlift draait. Graag zo snel mogelijk iemand sturen.',
        ],
        ['department', 'Dank voor je melding. Onze monteur komt morgen tussen 8.00 en 10.00 uur langs.'],
        ['user', 'Prima, de uitvoerder is aanwezig in de keet.'],
      ],
    },
    {
      loc: 'P-24003',
      user: 'm.hendriks@vandijk.nl',
      type: 'Levering',
      subject: 'Bouwhekken een dag te laat geleverd',
      status: 'resolved' as const,
      daysAgo: 40,
      order: true,
      messages: [
        [
          'user',
          'De bouwhekken zijn een dag later geleverd dan afgesproken; de bouwplaats kon niet worden afgesloten.',
        ],
        [
          'department',
          'Excuses, door een storing in de planning is de levering verschoven. We crediteren de transportkosten.',
        ],
      ],
    },
    {
      loc: 'P-24008',
      user: 'projectleider@infranoord.nl',
      type: 'Schade',
      subject: 'Verkeersbord beschadigd geleverd',
      status: 'open' as const,
      daysAgo: 2,
      item: 'VB-1032',
      messages: [['user', 'Two J16 signs arrived with a bent frame. Please replace them before Monday.']],
    },
    {
      loc: 'P-24002',
      user: 'uitvoerder@vandijk.nl',
      type: 'Factuur',
      subject: 'Huurdagen na afmelding gefactureerd',
      status: 'closed' as const,
      daysAgo: 25,
      invoice: true,
      messages: [
        ['user', 'Op de factuur staan nog huurdagen voor materieel dat al was afgemeld.'],
        ['department', 'Klopt, de ophaaldatum is verkeerd verwerkt. Er volgt een creditnota.'],
        ['user', 'Creditnota ontvangen, bedankt.'],
      ],
    },
    {
      loc: 'P-24010',
      user: 'projectleider@infranoord.nl',
      type: 'Storing',
      subject: 'Dompelpomp slaat niet aan',
      status: 'resolved' as const,
      daysAgo: 15,
      plant: 'DP',
      messages: [
        ['user', 'The submersible pump does not start; the float switch seems stuck.'],
        ['department', 'Vervangende pomp is vandaag geleverd, de defecte pomp nemen we mee.'],
      ],
    },
    {
      loc: 'P-24005',
      user: 'directie@vandijk.nl',
      type: 'Overig',
      subject: 'Schaftkeet niet schoon opgeleverd',
      status: 'open' as const,
      daysAgo: 1,
      plant: 'SK',
      messages: [
        [
          'user',
          'De schaftkeet was bij levering niet schoongemaakt. Graag een reactie over de schoonmaakkosten.',
        ],
      ],
    },
  ];
  const sortedComplaints = [...complaintSpecs].sort((a, b) => b.daysAgo - a.daysAgo);
  sortedComplaints.forEach((c, n) => {
    const li = locByNo.get(c.loc)!;
    const created = at(addDays(ref, -c.daysAgo), 8.5 + n);
    const id = stableId('complaint', n);
    const userId = users.get(c.user)!;
    const plant = c.plant ? plantAt(li, c.plant) : undefined;
    const order = c.order ? deliveryAt(li) : undefined;
    const inv = c.invoice ? invoiceAt(li) : undefined;
    out.complaints.push({
      id,
      complaintNo: `K-${created.getUTCFullYear()}-${String(n + 1).padStart(6, '0')}`,
      locationId: locations[li].id,
      userId,
      itemId: c.item ? byNo(c.item).id : (plant?.item.id ?? order?.lines[0]?.item.id ?? null),
      plantId: plant?.id ?? null,
      orderId: order?.id ?? null,
      invoiceId: inv?.id ?? null,
      type: c.type,
      subject: c.subject,
      status: c.status,
      expectedResolutionDate: addDays(ref, -c.daysAgo + 14),
      resolvedAt:
        c.status === 'resolved' || c.status === 'closed' ? at(addDays(ref, -c.daysAgo + 5), 16) : null,
      createdAt: created,
      updatedAt: created,
    });
    c.messages.forEach(([author, message], m) => {
      out.complaintLines.push({
        id: stableId('complaint-line', `${id}:${m}`),
        complaintId: id,
        author: author as 'user' | 'department',
        userId: author === 'user' ? userId : adminId,
        message,
        createdAt: new Date(created.getTime() + m * 5 * 3_600_000),
      });
    });
    if ('photo' in c && c.photo) {
      const job = pictureJob(
        stableId('file', `complaint-photo:${id}`),
        `demo/complaints/${id}.webp`,
        'foto-storing.webp',
        {
          shape: 'generator',
          colour: '#C92A2A',
          title: c.subject,
          caption: 'Foto melding',
        },
      );
      files.push(job);
      out.complaintDocuments.push({
        id: stableId('complaint-document', id),
        complaintId: id,
        fileId: job.id,
        uploadedBy: userId,
        createdAt: created,
      });
    }
  });

  // ── Exit orders ───────────────────────────────────────────────────────────────────────────
  const removals = simulation.orderInfos.filter(
    (o) => o.kind === 'removal' && o.status === 'done' && o.lines.length > 0,
  );
  const perLocation = new Map<number, OrderInfo>();
  for (const o of removals) {
    const best = perLocation.get(o.locationIndex);
    if (!best || o.lines.length > best.lines.length) perLocation.set(o.locationIndex, o);
  }
  [...perLocation.values()]
    .sort((a, b) => (a.executedDate! < b.executedDate! ? -1 : 1))
    .slice(0, 8)
    .forEach((o, n) => {
      const loc = locations[o.locationIndex];
      const id = stableId('exit-order', n);
      const no = `X-${o.executedDate!.slice(0, 4)}-${String(n + 1).padStart(6, '0')}`;
      out.exitOrders.push({
        id,
        exitOrderNo: no,
        locationId: loc.id,
        orderId: o.id,
        exitDate: o.executedDate!,
        status: 'final',
        remarks: `Retour van ${loc.spec.locationNo} gecontroleerd in het depot.`,
        recordedBy: adminId,
        createdAt: at(o.executedDate!, 16),
        updatedAt: at(o.executedDate!, 16),
      });
      o.lines.slice(0, 12).forEach((l, i) => {
        const condition = i === 1 ? 'dirty' : i === 2 && n % 2 === 0 ? 'damaged' : 'good';
        const lineId = stableId('exit-order-line', `${id}:${i}`);
        out.exitOrderLines.push({
          id: lineId,
          exitOrderId: id,
          lineNo: (i + 1) * 10000,
          itemId: l.item.id,
          plantId: l.plantId,
          quantity: l.quantity,
          condition,
          remarks:
            condition === 'dirty'
              ? 'Vervuild met beton; gereinigd.'
              : condition === 'damaged'
                ? 'Frame verbogen.'
                : null,
          damageAmount: condition === 'dirty' ? '45.00' : condition === 'damaged' ? '185.00' : null,
        });
        if (condition !== 'good') {
          const job = pictureJob(
            stableId('file', `exit-photo:${lineId}`),
            `demo/exit-orders/${no.toLowerCase()}-${i}.webp`,
            `foto-${l.item.itemNo}.webp`,
            {
              shape: l.item.family.shape,
              colour: condition === 'dirty' ? '#868e96' : '#C92A2A',
              title: `${l.item.name['nl-NL']} – ${condition === 'dirty' ? 'vervuild' : 'beschadigd'}`,
              caption: l.item.itemNo,
            },
          );
          files.push(job);
          out.exitOrderFiles.push({
            id: stableId('exit-order-file', lineId),
            exitOrderId: id,
            lineId,
            kind: 'image',
            fileId: job.id,
            caption: condition === 'dirty' ? 'Vervuiling' : 'Schade',
            sort: i,
          });
        }
      });
      const report = pdfJob(
        stableId('file', `exit-report:${id}`),
        `demo/exit-orders/${no.toLowerCase()}.pdf`,
        `retourrapport-${no}.pdf`,
        `Retourrapport ${no}`,
        [
          `Locatie ${loc.spec.locationNo} – ${loc.spec.description}`,
          `Order ${orderNo.get(o.id)} · retour op ${o.executedDate}`,
          ...o.lines.slice(0, 12).map((l) => `${l.quantity} × ${l.item.itemNo} ${l.item.name['nl-NL']}`),
        ],
      );
      files.push(report);
      out.exitOrderFiles.push({
        id: stableId('exit-order-file', `${id}:report`),
        exitOrderId: id,
        kind: 'document',
        fileId: report.id,
        caption: 'Retourrapport',
        sort: 100,
      });
    });
}
