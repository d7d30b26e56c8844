import { hash } from 'node:crypto';
import type * as s from '../db/schema/index.ts';
import {
  categorySpecs,
  type FamilySpec,
  familySpecs,
  linkRules,
  type RentalType,
  rootColours,
  type Shape,
  type TechValue,
  techAttributeSpecs,
  type VariantSpec,
} from './catalogue-data.ts';
import { copySuffix, type DemoItem, ItemFacts } from './item-facts.ts';
import { setSpecs } from './org-data.ts';
import { stableId } from './random.ts';
import { type Locale, locales } from './text.ts';

export { copySuffix, type DemoItem };

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface PictureJob {
  fileId: string;
  storageKey: string;
  fileName: string;
  shape: Shape;
  colour: string;
  title: string;
  caption: string;
}

/**
 * What the rest of the demo generator needs of the catalogue at any scale: the small tables, the
 * pictures and the items' facts (DemoItem). The rows of the items themselves (four tables, about 11 per
 * item) are made per range of copies by catalogueRows, so a large --scale writes them chunk by chunk.
 */
export interface CataloguePlan {
  scale: number;
  categories: Insert<typeof s.categories>[];
  categoryTranslations: Insert<typeof s.categoryTranslations>[];
  techAttributes: Insert<typeof s.techAttributes>[];
  sets: Insert<typeof s.sets>[];
  setTranslations: Insert<typeof s.setTranslations>[];
  setLines: Insert<typeof s.setLines>[];
  pictures: PictureJob[];
  /** Copy-major: the items of copy 1, then those of copy 2, …; every copy has as many. */
  demoItems: DemoItem[];
  /** The item of a number ('AG-1006', 'AG-1006-02'). */
  byItemNo: { get(itemNo: string): DemoItem | undefined; has(itemNo: string): boolean };
  setIdByNo: Map<string, string>;
}

/** The rows of the items of a range of copies. */
export interface CatalogueRows {
  items: Insert<typeof s.items>[];
  itemTranslations: Insert<typeof s.itemTranslations>[];
  itemTechData: Insert<typeof s.itemTechData>[];
  itemLinks: Insert<typeof s.itemLinks>[];
}

export interface Catalogue extends CataloguePlan, CatalogueRows {}

/** A number in [0, 1) derived from a key: per-item variation that does not depend on generation order. */
export function unitHash(key: string): number {
  return hash('sha256', key, 'buffer').readUInt32BE(0) / 4294967296;
}

function roundPrice(x: number): number {
  if (x >= 20) return Math.round(x);
  if (x >= 2) return Math.round(x * 2) / 2;
  return Math.round(x * 20) / 20;
}

/** Week prices stay within 4–4.5 day prices: cents below € 100, whole euros above. */
function roundWeekPrice(x: number): number {
  return x >= 100 ? Math.round(x) : Math.round(x * 20) / 20;
}

function rootOf(code: string): string {
  return code.split('-')[0];
}

export function planCatalogue(scale: number): CataloguePlan {
  const categories: Catalogue['categories'] = [];
  const categoryTranslations: Catalogue['categoryTranslations'] = [];
  const pictures: PictureJob[] = [];
  const categoryIds = new Map<string, string>();
  const firstShape = new Map<string, Shape>();
  for (const f of familySpecs) {
    if (!firstShape.has(f.category)) firstShape.set(f.category, f.shape);
    if (!firstShape.has(rootOf(f.category))) firstShape.set(rootOf(f.category), f.shape);
  }
  // Roots first, so a batch never references a parent that is not inserted yet.
  const ordered = [...categorySpecs.filter((c) => !c.parent), ...categorySpecs.filter((c) => c.parent)];
  for (const c of ordered) {
    const id = stableId('category', c.code);
    categoryIds.set(c.code, id);
    const imageFileId = stableId('file', `category:${c.code}`);
    pictures.push({
      fileId: imageFileId,
      storageKey: `demo/categories/${c.code.toLowerCase()}.webp`,
      fileName: `${c.code.toLowerCase()}.webp`,
      shape: firstShape.get(c.code) ?? 'roll',
      colour: rootColours[rootOf(c.code)],
      title: c.name['nl-NL'],
      caption: c.name['nl-NL'],
    });
    categories.push({
      id,
      parentId: c.parent ? categoryIds.get(c.parent) : null,
      code: c.code,
      navisionFilter: `Item Category Code=${c.code}${c.parent ? '' : '*'}`,
      imageFileId,
      sort: categorySpecs.filter((x) => x.parent === c.parent).indexOf(c) * 10,
    });
    for (const locale of locales) categoryTranslations.push({ categoryId: id, locale, name: c.name[locale] });
  }

  const techAttributes: Catalogue['techAttributes'] = techAttributeSpecs.map((a, i) => ({
    id: stableId('tech', a.code),
    code: a.code,
    kind: a.kind,
    unit: a.unit ?? null,
    label: a.label,
    filterable: a.filterable,
    sort: i * 10,
  }));
  const facts = new ItemFacts(
    familySpecs.reduce((n, f) => n + f.variants.length, 0),
    scale,
  );
  const demoItems: DemoItem[] = facts.items;
  const byItemNo = facts;

  for (let copy = 1; copy <= scale; copy++) {
    for (const family of familySpecs) {
      family.variants.forEach((v: VariantSpec, index) => {
        const baseNo = `${family.code}-${1001 + index}`;
        const itemNo = `${baseNo}${copySuffix(copy)}`;
        const rentalType: RentalType = v.rentalType ?? 'Verhuur';
        const variation = unitHash(itemNo);
        const dayPrice =
          v.day !== undefined && rentalType === 'Verhuur'
            ? roundPrice(v.day * (copy === 1 ? 1 : 0.9 + variation * 0.2))
            : null;
        const weekPrice =
          dayPrice !== null ? roundWeekPrice(dayPrice * (4 + unitHash(`week:${itemNo}`) * 0.5)) : null;
        if (copy === 1) {
          pictures.push({
            fileId: imageFileIdOf(baseNo),
            storageKey: `demo/items/${baseNo.toLowerCase()}.webp`,
            fileName: `${baseNo.toLowerCase()}.webp`,
            shape: signShape(family, v) ?? family.shape,
            colour: rootColours[rootOf(family.category)],
            title: v.name['nl-NL'],
            caption: baseNo,
          });
        }
        facts.add(family, index, copy, itemNo, dayPrice, weekPrice);
      });
    }
  }

  for (const rule of linkRules) {
    for (const target of rule.to)
      if (!byItemNo.has(target)) throw new Error(`link rule targets unknown item ${target}`);
  }

  const sets: Catalogue['sets'] = [];
  const setTranslations: Catalogue['setTranslations'] = [];
  const setLines: Catalogue['setLines'] = [];
  const setIdByNo = new Map<string, string>();
  for (const spec of setSpecs) setIdByNo.set(spec.setNo, stableId('set', spec.setNo));
  setSpecs.forEach((spec, si) => {
    const id = setIdByNo.get(spec.setNo)!;
    const imageFileId = stableId('file', `set:${spec.setNo}`);
    const first = byItemNo.get(spec.lines.find((l) => l.itemNo)?.itemNo ?? '')!;
    pictures.push({
      fileId: imageFileId,
      storageKey: `demo/sets/${spec.setNo.toLowerCase()}.webp`,
      fileName: `${spec.setNo.toLowerCase()}.webp`,
      shape: first.family.shape,
      colour: '#1C4E80',
      title: spec.name['nl-NL'],
      caption: `Set ${spec.setNo}`,
    });
    sets.push({ id, setNo: spec.setNo, imageFileId, sort: si * 10, active: true });
    for (const locale of locales) {
      setTranslations.push({ setId: id, locale, description: spec.name[locale], longDescription: null });
    }
    let lineNo = 0;
    for (const line of spec.lines) {
      const lineId = stableId('set-line', `${spec.setNo}:${lineNo}`);
      const item = line.itemNo ? byItemNo.get(line.itemNo) : undefined;
      if (line.itemNo && !item) throw new Error(`set ${spec.setNo} names unknown item ${line.itemNo}`);
      if (line.setNo && !setIdByNo.has(line.setNo))
        throw new Error(`set ${spec.setNo} names unknown set ${line.setNo}`);
      setLines.push({
        id: lineId,
        setId: id,
        lineNo: lineNo++,
        itemId: item?.id ?? null,
        childSetId: line.setNo ? setIdByNo.get(line.setNo) : null,
        amount: line.amount,
      });
      for (const child of line.children ?? []) {
        const childItem = byItemNo.get(child.itemNo);
        if (!childItem) throw new Error(`set ${spec.setNo} names unknown item ${child.itemNo}`);
        setLines.push({
          id: stableId('set-line', `${spec.setNo}:${lineNo}`),
          setId: id,
          parentLineId: lineId,
          lineNo: lineNo++,
          itemId: childItem.id,
          amount: child.amount,
        });
      }
    }
  });

  return {
    scale,
    categories,
    categoryTranslations,
    techAttributes,
    sets,
    setTranslations,
    setLines,
    pictures,
    demoItems,
    byItemNo,
    setIdByNo,
  };
}

/** The whole catalogue at once (the fake Business Central and small scales). */
export function buildCatalogue(scale: number): Catalogue {
  const plan = planCatalogue(scale);
  return { ...plan, ...catalogueRows(plan, 1, scale) };
}

const attributeByCode = new Map(techAttributeSpecs.map((a) => [a.code, a]));

/** The rows of the items of copies `from`..`to` (both included), in the order of plan.demoItems. */
export function catalogueRows(plan: CataloguePlan, from: number, to: number): CatalogueRows {
  const perCopy = plan.demoItems.length / plan.scale;
  const slice = plan.demoItems.slice((from - 1) * perCopy, to * perCopy);
  const items: CatalogueRows['items'] = [];
  const itemTranslations: CatalogueRows['itemTranslations'] = [];
  const itemTechData: CatalogueRows['itemTechData'] = [];
  const itemLinks: CatalogueRows['itemLinks'] = [];
  for (const item of slice) {
    const { id, itemNo, family, rentalType, numbered } = item;
    const v = family.variants[item.variantIndex];
    items.push({
      id,
      itemNo,
      categoryId: stableId('category', family.category),
      rentalType,
      rentalUnit: family.unit ?? 'stuk',
      dayPrice: item.dayPrice?.toFixed(2) ?? null,
      weekPrice: item.weekPrice?.toFixed(2) ?? null,
      salePrice: item.salePrice?.toFixed(2) ?? null,
      buyBackPrice: item.buyBackPrice?.toFixed(2) ?? null,
      weight: v.weight.toFixed(3),
      imageFileId: imageFileIdOf(`${family.code}-${1001 + item.variantIndex}`),
      numbered,
      inspectionIntervalMonths: numbered ? (family.inspectionMonths ?? null) : null,
      searchable: true,
      visibleInCatalogue: true,
      sort: item.variantIndex,
    });
    const name = item.name;
    for (const locale of locales) {
      itemTranslations.push({
        itemId: id,
        locale,
        description: name[locale],
        longDescription: longText(locale, family, name[locale], rentalType),
      });
    }
    let sort = 0;
    if (family.heading)
      itemTechData.push({ itemId: id, attributeId: stableId('tech', family.heading), sort: sort++ });
    for (const [code, value] of Object.entries(v.tech)) {
      const attribute = attributeByCode.get(code);
      if (!attribute) throw new Error(`unknown technical attribute ${code} on ${itemNo}`);
      itemTechData.push({
        itemId: id,
        attributeId: stableId('tech', code),
        sort: sort++,
        ...techValue(attribute.kind, value, itemNo, code),
      });
    }
  }
  for (const item of slice) {
    for (const rule of linkRules) {
      if (rule.from !== item.family.code || item.rentalType !== 'Verhuur') continue;
      rule.to.forEach((target, i) => {
        const linked = plan.byItemNo.get(`${target}${copySuffix(item.copy)}`) ?? plan.byItemNo.get(target)!;
        if (linked.id === item.id) return;
        itemLinks.push({
          itemId: item.id,
          linkedItemId: linked.id,
          kind: rule.kind,
          amount: rule.amount ?? 1,
          sort: i,
        });
      });
    }
  }
  return { items, itemTranslations, itemTechData, itemLinks };
}

const imageFileIdOf = (baseNo: string) => stableId('file', `item:${baseNo}`);

function signShape(family: FamilySpec, v: VariantSpec): Shape | null {
  if (family.code !== 'VB') return null;
  const nl = v.name['nl-NL'];
  if (nl.includes('driehoek')) return 'sign-triangle';
  if (nl.includes('vierkant')) return 'sign-square';
  return 'sign-round';
}

function techValue(kind: string, value: TechValue, itemNo: string, code: string) {
  if (kind === 'boolean') {
    if (typeof value !== 'boolean') throw new Error(`${itemNo}: ${code} must be yes/no`);
    return { booleanValue: value };
  }
  if (kind === 'number') {
    if (typeof value !== 'number') throw new Error(`${itemNo}: ${code} must be a number`);
    return { numberValue: String(Math.round(value * 1000) / 1000) };
  }
  if (kind === 'text') {
    if (typeof value !== 'object') throw new Error(`${itemNo}: ${code} must be a text`);
    return { textValue: value };
  }
  return {};
}

const longTemplates: Record<Locale, (name: string, rent: boolean) => string> = {
  'nl-NL': (n, rent) =>
    `${n}. ${rent ? 'Te huur per dag of per week, geleverd en opgehaald door de materieeldienst.' : 'Te koop; wordt met de eerstvolgende levering meegestuurd.'} Gekeurd en schoon afgeleverd.`,
  'en-US': (n, rent) =>
    `${n}. ${rent ? 'For hire by the day or week, delivered and collected by the equipment department.' : 'For sale; sent with the next delivery.'} Inspected and delivered clean.`,
  'fr-FR': (n, rent) =>
    `${n}. ${rent ? 'En location à la journée ou à la semaine, livré et repris par le service matériel.' : 'À la vente ; livré avec la prochaine livraison.'} Contrôlé et livré propre.`,
  'de-DE': (n, rent) =>
    `${n}. ${rent ? 'Zur Miete pro Tag oder Woche, geliefert und abgeholt von der Geräteabteilung.' : 'Zum Kauf; wird mit der nächsten Lieferung mitgeschickt.'} Geprüft und sauber geliefert.`,
};

function longText(locale: Locale, _family: FamilySpec, name: string, rentalType: RentalType): string {
  return longTemplates[locale](name, rentalType === 'Verhuur');
}
