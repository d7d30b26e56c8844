// Complaints' public face (klachten, issue #13 part 5). Everything else in this folder is private.
export { complaintsRoutes } from './complaints.routes.ts';
