/** The door of the materials import (issue 29): what other rooms may use. */
export { MaterialsImportModule } from './materials-import.module.js';
export { MaterialsImportService } from './materials-import.service.js';
export { parseCatalogue } from './parse-catalogue.js';
