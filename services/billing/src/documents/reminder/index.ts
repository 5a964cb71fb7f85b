export { renderReminderHtml } from './reminder.document.js';
