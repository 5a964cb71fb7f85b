export { MailStore, mailAttachmentKey, withoutAddresses, type StoredMail } from './mail-store.js';
export { EmailVerificationMailer } from './email-verification-mailer.js';
export { InvitationMailer } from './invitation-mailer.js';
export { assertCustomerMailAllowed, isCustomerMail } from './mail-quota.js';
export { MailRetentionTask, MAIL_RETENTION_BATCH, mailRetentionEnvSchema } from './mail-retention.task.js';
