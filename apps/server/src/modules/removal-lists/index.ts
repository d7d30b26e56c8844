// The removal lists' public face (afvoerlijst). Everything else in this folder is private.
export { removalListsRoutes } from './removal-lists.routes.ts';
export {
  addRemovalLines,
  emptyRemovalList,
  type RemovalListLine,
  takeRemovalList,
} from './removal-lists.service.ts';
