/** The door of the recent-activity feed: its module and the service every room records through. */
export { ActivitiesModule } from './activities.module.js';
export { ActivitiesService } from './activities.service.js';
export type { ActivityInput } from './activities.repository.js';
