// The catalogue area's pages (one lazy chunk): Materieel, Catalogus, Details, Sets and Set.
export { CatalogusPage } from './CatalogusPage';
export { DetailsPage } from './DetailsPage';
export { MaterieelPage } from './MaterieelPage';
export { SetPage, SetsPage } from './SetPages';
