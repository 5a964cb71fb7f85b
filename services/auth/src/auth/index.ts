/**
 * The auth room's door: its module and the services other code may call (the demo seed, the
 * super-admin token CLI). `password-policy.ts` is read by the users room directly: importing this
 * door from there would close an import cycle auth → users → auth.
 */
export { AuthModule } from './auth.module.js';
export { EmailVerificationService } from './email-verification.service.js';
export { RegistrationService } from './registration.service.js';
export { SUPERADMIN_TOKEN_TTL_MS, SuperAdminService } from './superadmin.service.js';
