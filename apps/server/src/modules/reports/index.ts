// The reports' public face (Rapportages: requests and orders by status, indicators, outstanding costs).
export { reportsRoutes } from './reports.routes.ts';
