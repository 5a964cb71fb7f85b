// The reports door: what other billing modules may use of reports (its module, service and the
// signed-report snapshots); its repository stays inside the folder.
export { ReportSnapshotReader } from './report-snapshot.reader.js';
export { ReportsModule } from './reports.module.js';
export { ReportsService } from './reports.service.js';
