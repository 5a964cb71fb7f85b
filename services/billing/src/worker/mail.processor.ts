import { mailJobSchema, type MailResult } from '@zunft/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import { PermanentMailError, type MailSender } from './mail-sender.js';

/** `mail` handler: validate the job and send it; temporary SMTP errors are retried by BullMQ. */
export function mailProcessor(sender: MailSender) {
  return async (job: Job): Promise<MailResult> => {
    const parsed = mailJobSchema.safeParse(job.data);
    if (!parsed.success) {
      throw new UnrecoverableError(
        `Invalid mail job: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    try {
      return await sender.send(parsed.data, `mail-${job.id}`);
    } catch (error) {
      if (error instanceof PermanentMailError) throw new UnrecoverableError(error.message);
      throw error;
    }
  };
}
