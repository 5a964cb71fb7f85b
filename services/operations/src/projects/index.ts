/** The projects room's door: its module and the service other rooms may call. */
export { ProjectsModule } from './projects.module.js';
export { ProjectsService } from './projects.service.js';
export type { QuoteProjectWrite } from './projects.repository.js';
