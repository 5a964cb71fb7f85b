export { ChartsModule } from './charts.module.js';
export { ChartsService } from './charts.service.js';
