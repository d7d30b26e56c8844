// The customers' public face (klanten: the companies that rent; users and locations belong to one).
export { customersRoutes } from './customers.routes.ts';
export { listCustomers } from './customers.service.ts';
