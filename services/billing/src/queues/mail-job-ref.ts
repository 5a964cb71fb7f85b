import { z } from 'zod';

/**
 * `mail` job data: the id of the row in `mails`, nothing else (issue 25: no links, addresses or
 * PDFs in Redis). The worker loads the mail and its attachments by this id.
 */
export const mailJobRefSchema = z.object({ mailId: z.uuid() });
export type MailJobRef = z.infer<typeof mailJobRefSchema>;
