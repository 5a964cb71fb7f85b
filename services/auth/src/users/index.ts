/** The users room's door: its module, the services other rooms may call, and types. */
export { UsersModule } from './users.module.js';
export { UsersService } from './users.service.js';
export { UserRecords } from './user-records.js';
export { toUserEventData } from './users.dto.js';
export { isUniqueViolation } from './users.errors.js';
export type { Employment, NewUser, UserPatch } from './users.repository.js';
export type { UserEntity } from './user.entity.js';
