/** The payments room's door. */
export { PaymentsModule } from './payments.module.js';
