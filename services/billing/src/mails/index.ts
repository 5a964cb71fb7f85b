export { MailStore, mailAttachmentKey, withoutAddresses, type StoredMail } from './mail-store.js';
