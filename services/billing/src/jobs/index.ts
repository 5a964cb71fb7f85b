export { JobHandler, type JobHandlerInstance, type JobHandlerSpec } from './job-handler.js';
export { DailyTask, type DailyTaskContext, type DailyTaskInstance } from './daily-task.js';
export { DailyTasksRunner, DailyTaskFailedError } from './daily-tasks.runner.js';
export { DailyMaintenanceModule } from './daily-maintenance.module.js';
export { MAINTENANCE_SCHEDULE, scheduleDailyMaintenance } from './maintenance-schedule.js';
