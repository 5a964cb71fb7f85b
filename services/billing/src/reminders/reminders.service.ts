import { Inject, Injectable, Logger, StreamableFile } from '@nestjs/common';
import {
  INVOICE_MESSAGES,
  MAX_REMINDER_LEVEL,
  REMINDER_LEVEL_NAMES,
  REMINDER_TYPE_LEVEL,
  reminderTypeOfLevel,
  type ReminderDto,
  type SendReminderRequestParsed,
  type SendReminderResponse,
} from '@zunft/contracts';
import { TenantScope, currentRequestId, enqueueEvent } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { localDate } from '../common/dates.js';
import { BILLING_CONFIG } from '../config/billing-config.module.js';
import type { BillingConfig } from '../config/billing.config.js';
import {
  InvoiceArchive,
  InvoiceDocumentBuilder,
  InvoiceErrors,
  InvoicesService,
  addDays,
  invoiceEventData,
  reminderMail,
  toInvoiceDto,
} from '../invoices/index.js';
import { InvoiceLedger } from '../ledger/index.js';
import { DocumentQueues } from '../queues/index.js';
import { interestStart, reminderAmounts } from './reminder-amounts.js';
import { RemindersRepository } from './reminders.repository.js';

const pdfName = (level: number, invoiceNumber: string) =>
  `${(REMINDER_LEVEL_NAMES[level] ?? 'Mahnung').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${invoiceNumber}.pdf`;

/**
 * Reminders (Mahnungen), levels 1–4 (Erinnerung, 1. Mahnung, 2. Mahnung, Letzte Mahnung): only for
 * sent or overdue invoices below level 4. Each is e-mailed as a PDF (letter, open invoice, fees,
 * default interest, new total, new QR bill with the invoice's reference). A level is sent once per
 * invoice (unique), so the daily job run twice sends nothing twice.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger(RemindersService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: RemindersRepository,
    private readonly invoices: InvoicesService,
    private readonly ledger: InvoiceLedger,
    private readonly archive: InvoiceArchive,
    private readonly documents: InvoiceDocumentBuilder,
    private readonly queues: DocumentQueues,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  async history(actor: Actor, invoiceId: string): Promise<ReminderDto[]> {
    const scope = TenantScope.fromClaims(actor);
    await this.invoices.get(actor, invoiceId);
    return this.repo.list(this.dataSource.manager, scope, invoiceId);
  }

  /** 'Nächste Stufe' (empty payload) or the custom form (type, payment term 1–365 days, notes). */
  async send(actor: Actor, invoiceId: string, input: SendReminderRequestParsed): Promise<SendReminderResponse> {
    const scope = TenantScope.fromClaims(actor);
    const reminder = await this.dataSource.transaction(async (m) => {
      const sentByName = await this.repo.staffName(m, scope, actor.userId);
      return this.sendIn(m, scope, invoiceId, {
        level: input.reminderType ? REMINDER_TYPE_LEVEL[input.reminderType] : null,
        dueDays: input.customDueDays ?? null,
        notes: input.notes ?? null,
        actorId: actor.userId,
        sentByName,
        automatic: false,
      });
    });
    const invoice = await this.invoices.get(actor, invoiceId);
    return {
      data: {
        message: INVOICE_MESSAGES.reminderSent(reminder.reminder_type_description),
        reminder,
        invoice,
      },
    };
  }

  /** The PDF of a sent reminder: the archived one (byte for byte as sent); older reminders rendered again from their amounts. */
  async pdf(actor: Actor, invoiceId: string, reminderId: string): Promise<StreamableFile> {
    const scope = TenantScope.fromClaims(actor);
    const invoice = await this.invoices.detail(actor, invoiceId);
    const reminder = await this.repo.find(this.dataSource.manager, scope, invoiceId, reminderId);
    if (!reminder) throw InvoiceErrors.notFound();
    const key = await this.repo.documentKey(this.dataSource.manager, scope, reminderId);
    const archived = key ? await this.archive.read(key) : null;
    if (archived) return this.file(archived, reminder.reminder_type_id, invoice.invoice_number);
    const ctx = await this.documents.context(scope, invoice.customer_id);
    const document = this.documents.reminderDocument(
      ctx,
      { ...invoice, paid_amount: Math.max(0, invoice.total_amount - reminder.open_amount) },
      {
        level: reminder.reminder_type_id,
        date: reminder.sent_at.slice(0, 10),
        due_date: reminder.due_date,
        notes: reminder.notes,
      },
      reminder,
    );
    const { pdf } = await this.queues.renderPdf(
      { kind: 'reminder', document },
      { companyId: scope.companyId, timeoutMs: this.config.pdfTimeoutMs },
    );
    return this.file(pdf, reminder.reminder_type_id, invoice.invoice_number);
  }

  private file(pdf: Buffer, level: number, invoiceNumber: string): StreamableFile {
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      length: pdf.length,
      disposition: `attachment; filename="${pdfName(level, invoiceNumber)}"`,
    });
  }

  // ------------------------------------------------------------------------------ daily job

  /** Daily: sent invoices past their due date become overdue (billing.invoice.overdue each). */
  async markOverdue(m: EntityManager, today: string): Promise<number> {
    return (await this.ledger.markOverdue(m, today)).length;
  }

  /**
   * Daily, after markOverdue: where the company sends reminders automatically, the next level for
   * each overdue invoice whose last payment term has passed. An invoice that cannot be reminded
   * (no e-mail, settings missing) is skipped and logged; the others still go out.
   */
  async sendAutomatic(m: EntityManager, today: string): Promise<{ sent: number; skipped: number }> {
    let sent = 0;
    let skipped = 0;
    for (const row of await this.repo.dueForAutomaticReminder(m, today)) {
      const scope = TenantScope.forSystem(row.company_id);
      try {
        await m.transaction(async (inner) => {
          await this.sendIn(inner, scope, row.id, {
            level: null,
            dueDays: null,
            notes: null,
            actorId: null,
            sentByName: 'Automatisch',
            automatic: true,
            today,
          });
        });
        sent++;
      } catch (error) {
        skipped++;
        this.logger.warn({ msg: 'automatic reminder skipped', invoiceId: row.id, error: (error as Error).message });
      }
    }
    return { sent, skipped };
  }

  // ------------------------------------------------------------------------------------------

  private async sendIn(
    m: EntityManager,
    scope: TenantScope,
    invoiceId: string,
    opts: {
      level: number | null;
      dueDays: number | null;
      notes: string | null;
      actorId: string | null;
      sentByName: string | null;
      automatic: boolean;
      today?: string;
    },
  ): Promise<ReminderDto> {
    const row = await this.ledger.lock(m, scope, invoiceId);
    if (!row) throw InvoiceErrors.notFound();
    // Nothing to remind: never issued, paid, or closed for good by a Storno or a write-off.
    if (row.issued_at === null || ['paid', 'cancelled', 'written_off'].includes(row.status)) {
      throw InvoiceErrors.reminderNotAllowed();
    }
    const current = row.current_reminder_level ?? 0;
    if (current >= MAX_REMINDER_LEVEL) throw InvoiceErrors.reminderMaxLevel();
    const level = opts.level ?? current + 1;
    if (level <= current) throw InvoiceErrors.reminderLevelSent();

    const company = (await this.invoices.company(m, scope))!;
    const today = opts.today ?? localDate(company.timezone);
    const invoice = await this.invoices.detail(scope, invoiceId, m);
    const interestSince = await this.repo.interestSince(m, scope, invoiceId);
    const amounts = reminderAmounts({
      invoice: row,
      levelFee: company.reminder_fees[level - 1] ?? 0,
      interestEnabled: company.default_interest_enabled,
      interestRate: company.default_interest_rate,
      // OR 102 para. 1: default (and its interest) starts with the first reminder, with an agreed
      // due date (para. 2, setting interest_from_due_date) the day after it; later reminders add the
      // interest since the one before.
      interestFrom: interestStart({
        previousReminderDate: interestSince,
        dueDate: row.due_date,
        reminderDate: today,
        fromDueDate: company.interest_from_due_date,
      }),
      reminderDate: today,
    });
    const dueDate = addDays(today, opts.dueDays ?? company.reminder_interval_days ?? 14);
    const ctx = await this.documents.context(scope, invoice.customer_id);
    const to = ctx.customer?.email;
    if (!to) throw InvoiceErrors.customerWithoutEmail();
    const document = this.documents.reminderDocument(
      ctx,
      invoice,
      { level, date: today, due_date: dueDate, notes: opts.notes },
      amounts,
    );
    const { pdf } = await this.queues.renderPdf(
      { kind: 'reminder', document },
      { companyId: scope.companyId, timeoutMs: this.config.pdfTimeoutMs },
    );

    const inserted = await this.repo.insert(m, scope, {
      invoiceId,
      level,
      reminderType: reminderTypeOfLevel(level),
      reminderDate: today,
      dueDate,
      amounts,
      notes: opts.notes,
      automatic: opts.automatic,
      sentBy: opts.actorId,
      sentByName: opts.sentByName,
      sentTo: to,
    });
    if (!inserted) throw InvoiceErrors.reminderLevelSent();
    const { reminder } = inserted;
    const key = this.archive.reminderKey(scope.companyId, invoiceId, reminder.id);
    await this.repo.setDocument(m, scope, reminder.id, {
      key,
      sha256: await this.archive.store(m, scope.companyId, key, pdf),
    });
    // The fee and the interest are owed (ledger entries): the reminder's QR bill asks for the open amount with them.
    const reference = REMINDER_LEVEL_NAMES[level]!;
    const posted = await this.ledger.post(
      m,
      scope,
      opts.actorId,
      [
        {
          invoiceId,
          type: 'reminder_fee' as const,
          date: today,
          amountCents: Math.round(amounts.fee * 100),
          reference,
        },
        {
          invoiceId,
          type: 'interest' as const,
          date: today,
          amountCents: Math.round(amounts.interest * 100),
          reference,
        },
      ].filter((p) => p.amountCents > 0),
      today,
    );
    const after = toInvoiceDto(posted.get(invoiceId) ?? inserted.invoice);
    await enqueueEvent(m, {
      type: 'billing.invoice.reminder-sent',
      companyId: scope.companyId,
      actorId: opts.actorId,
      requestId: currentRequestId(),
      data: {
        ...invoiceEventData(after),
        level,
        reminderName: REMINDER_LEVEL_NAMES[level]!,
        totalDue: amounts.total_amount,
        automatic: opts.automatic,
      },
    });
    const mail = reminderMail({
      language: ctx.language,
      companyName: ctx.company.name,
      recipientName: ctx.customer?.contact_person || invoice.customer_name,
      invoiceNumber: invoice.invoice_number,
      amount: amounts.total_amount,
      currency: invoice.currency,
      dueDate,
      level,
    });
    // Last step: a mail that cannot be queued rolls the reminder back.
    await this.queues.enqueueMail({
      companyId: scope.companyId,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: ctx.company.email ?? undefined,
      fromName: ctx.company.name || undefined,
      attachments: [
        {
          filename: pdfName(level, invoice.invoice_number),
          contentBase64: pdf.toString('base64'),
          contentType: 'application/pdf',
        },
      ],
      ref: `invoice-reminder:${invoiceId}:${level}`,
    });
    this.logger.log({ msg: 'reminder sent', invoiceId, level, automatic: opts.automatic });
    return reminder;
  }
}
