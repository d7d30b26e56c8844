// The catalogue's public face: the one read side of items, categories and sets (lookup, listing, search,
// set contents and their read models). Other areas use only what is exported here and never read the
// catalogue tables themselves. Everything else in this folder is private.
export {
  invalidateCatalogueCaches,
  onCatalogueInvalidated,
  seenCatalogueRevision,
} from './catalogue.cache.ts';
export {
  type CatalogueErpEntity,
  type CatalogueWrite,
  deleteErpCatalogueRows,
  writeErpCategories,
  writeErpCategoryTranslations,
  writeErpItemLinks,
  writeErpItems,
  writeErpItemTechData,
  writeErpItemTranslations,
  writeErpRentalItems,
  writeErpTechAttributes,
} from './catalogue.erp.ts';
export { configureReadModels } from './catalogue.read-model.ts';
export { catalogueRoutes } from './catalogue.routes.ts';
export {
  type CatalogueImageSlot,
  type CatalogueImageType,
  catalogueImageSlot,
  catalogueUsesFile,
  isItemImageFile,
  setCatalogueImage,
} from './images.ts';
export {
  type Accessory,
  accessoriesOf,
  cachedItemRows,
  cachedItemsById,
  type ItemInfo,
  type ItemRow,
  itemCategories,
  itemImageUrls,
  itemRowsSql,
  itemsById,
  itemsByNo,
  type PricedFields,
  priceDisplayFor,
  pricesOf,
  requireKnownItemIds,
  requireKnownItems,
  type SetInfo,
  type SetRow,
  setRowsSql,
  setsById,
  setsByNo,
  toItemInfo,
  toSetInfo,
} from './lookup.ts';
export { searchRoutes } from './search.routes.ts';
export { warmCatalogue } from './search.service.ts';
export { forgetSearchSynonyms, SEARCH_SYNONYMS_CHANNEL, synonymGroupsFor } from './search.synonyms.ts';
export { setsRoutes } from './sets.routes.ts';
export { type ExpandedSetLine, orderableSet } from './sets.service.ts';
