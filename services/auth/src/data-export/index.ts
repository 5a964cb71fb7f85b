/** The data export room's door (issue 26): its module. */
export { DataExportModule } from './data-export.module.js';
