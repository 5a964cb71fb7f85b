/** The memberships room's door (issue 26): its module, the service other rooms may call, and types. */
export { MembershipsModule } from './memberships.module.js';
export { MembershipsService, type AcceptInput } from './memberships.service.js';
export { MembershipError, MembershipErrors } from './memberships.errors.js';
