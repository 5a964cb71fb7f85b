import { Injectable } from '@nestjs/common';
import { loadConfig, PostgresFileStorage } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { DailyTask, type DailyTaskContext, type DailyTaskInstance } from '../jobs/index.js';

/**
 * How long a sent (or finally failed) mail keeps its texts and attachments: 90 days by default. The
 * texts carry signature and acceptance links, the attachments customer PDFs; after the period only
 * the record that the mail went out stays (recipient, subject, status, message id, times). The
 * documents themselves are archived where the law asks for them (issued invoices and credit notes as
 * sealed PDFs for 10 years, OR art. 958f, GeBüV art. 9); a mail is a copy, not the archive.
 */
export const mailRetentionEnvSchema = z.object({
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

/** At most this many mails per daily run (one transaction); what is left waits for the next day. */
export const MAIL_RETENTION_BATCH = 5000;

interface PrunedRow {
  id: string;
  company_id: string;
  attachment_count: number;
}

/**
 * Daily (worker, 06:00 Europe/Zurich): mails sent or failed more than MAIL_RETENTION_DAYS ago lose
 * their texts and attachments (issue 25); queued mails are never touched. Runs in the daily run's
 * transaction, so the emptied rows and the removed files commit together.
 */
@DailyTask('mails.remove-old-bodies')
@Injectable()
export class MailRetentionTask implements DailyTaskInstance {
  private readonly retentionDays: number;
  private readonly storage: PostgresFileStorage;

  constructor(dataSource: DataSource) {
    this.retentionDays = loadConfig(mailRetentionEnvSchema).MAIL_RETENTION_DAYS;
    this.storage = new PostgresFileStorage(dataSource);
  }

  async run({ manager }: DailyTaskContext): Promise<{ bodiesRemoved: number; attachmentsRemoved: number }> {
    const rows = (await manager.query(
      `WITH old AS (
         SELECT id, jsonb_array_length(attachments) AS n FROM mails
          WHERE body_removed_at IS NULL AND status <> 'queued'
            AND created_at < now() - make_interval(days => $1)
            AND coalesce(sent_at, created_at) < now() - make_interval(days => $1)
          ORDER BY created_at
          LIMIT $2
          FOR UPDATE SKIP LOCKED)
       UPDATE mails m
          SET text_body = '', html_body = NULL, attachments = '[]', body_removed_at = now()
         FROM old
        WHERE m.id = old.id
       RETURNING m.id, m.company_id, old.n AS attachment_count`,
      [this.retentionDays, MAIL_RETENTION_BATCH],
    )) as [PrunedRow[], number] | PrunedRow[];
    const pruned = (Array.isArray(rows[0]) ? rows[0] : rows) as PrunedRow[];
    let attachmentsRemoved = 0;
    for (const row of pruned) {
      if (row.attachment_count > 0) {
        attachmentsRemoved += await this.storage.deletePrefix(`${row.company_id}/mails/${row.id}/`, manager);
      }
    }
    return { bodiesRemoved: pruned.length, attachmentsRemoved };
  }
}
