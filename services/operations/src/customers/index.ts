/** The customers room's door: its module and the service other rooms may call. */
export { CustomersModule } from './customers.module.js';
export { CustomersService } from './customers.service.js';
