import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's activity feed as structured events (issue 28): the catalogue key of its line
 * (`activity.*`, libs/contracts messages/success-messages.ts) and the line's parameters, so the API
 * answers `description` in the reader's language. Existing German lines are converted where one of
 * the sentences the services wrote matches (the most specific first); a line that matches none keeps
 * only its German text. The patterns are frozen here as the services wrote them up to this migration.
 * Hand-written and reviewed.
 */
const CONVERSIONS: ReadonlyArray<readonly [key: string, pattern: string, names: readonly string[]]> = [
  [
    'activity.project_from_quote',
    '^Projekt «(.*)» \\(([^)]*)\\) aus Angebot (\\S+) erstellt$',
    ['title', 'number', 'quoteNumber'],
  ],
  ['activity.project_created', '^Projekt «(.*)» \\(([^)]*)\\) erstellt$', ['title', 'number']],
  ['activity.customer_added', '^Kunde «(.*)» hinzugefügt$', ['name']],
  ['activity.time_logged', '^(\\S+) h auf «(.*)» erfasst$', ['hours', 'project']],
  [
    'activity.assignment_planned',
    '^Einsatz geplant: (.*) auf «(.*)» \\(([^)]*)\\) am (\\S+)$',
    ['employee', 'project', 'number', 'date'],
  ],
  [
    'activity.week_copied_one',
    '^Wochenplan übernommen: 1 Einsatz der Woche ab (\\S+) in die Woche ab (\\S+)$',
    ['from', 'to'],
  ],
  [
    'activity.week_copied',
    '^Wochenplan übernommen: (\\d+) Einsätze der Woche ab (\\S+) in die Woche ab (\\S+)$',
    ['count', 'from', 'to'],
  ],
  [
    'activity.material_approved',
    '^Materialverbrauch genehmigt: (\\S+) (\\S+) «(.*)» auf «(.*)»$',
    ['quantity', 'unit', 'material', 'project'],
  ],
  ['activity.material_rejected', '^Materialverbrauch abgelehnt: «(.*)» auf «(.*)»$', ['material', 'project']],
  [
    'activity.material_logged',
    '^(\\S+) (\\S+) «(.*)» auf «(.*)» erfasst$',
    ['quantity', 'unit', 'material', 'project'],
  ],
  [
    'activity.expense_approved',
    '^Spese genehmigt: (\\S+ \\S+) «(.*)» von (.*)$',
    ['amount', 'description', 'employee'],
  ],
  [
    'activity.expense_rejected',
    '^Spese abgelehnt: (\\S+ \\S+) «(.*)» von (.*)$',
    ['amount', 'description', 'employee'],
  ],
  [
    'activity.expense_logged',
    '^Spese erfasst: (\\S+ \\S+) «(.*)» \\(([^)]*)\\)$',
    ['amount', 'description', 'category'],
  ],
  [
    'activity.invoice_created',
    "^Rechnung (\\S+) erstellt \\((.*), ([A-Z]{3} [0-9.'’-]+)\\)$",
    ['invoiceNumber', 'customer', 'amount'],
  ],
  ['activity.invoice_paid', '^Rechnung (\\S+) bezahlt \\((.*)\\)$', ['invoiceNumber', 'amount']],
  ['activity.invoice_overdue', '^Rechnung (\\S+) ist überfällig$', ['invoiceNumber']],
  ['activity.invoice_sent', '^Rechnung (\\S+) an (.*) versendet$', ['invoiceNumber', 'customer']],
  ['activity.reminder_sent', '^(.*) zu Rechnung (\\S+) versendet \\((.*)\\)$', ['reminder', 'invoiceNumber', 'amount']],
];

export class StructuredActivities1795890075620 implements MigrationInterface {
  name = 'StructuredActivities1795890075620';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "activities" ADD COLUMN "message_key" character varying(80)`);
    await q.query(`ALTER TABLE "activities" ADD COLUMN "message_params" jsonb`);
    for (const [key, pattern, names] of CONVERSIONS) {
      // names are the constants above, never input
      const params = names.map((name, i) => `'${name}', x.m[${i + 1}]`).join(', ');
      await q.query(
        `UPDATE "activities" a SET "message_key" = $1, "message_params" = jsonb_build_object(${params})
         FROM (SELECT id, regexp_match(description, $2) AS m FROM "activities" WHERE "message_key" IS NULL) x
         WHERE x.id = a.id AND x.m IS NOT NULL`,
        [key, pattern],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "activities" DROP COLUMN "message_params"`);
    await q.query(`ALTER TABLE "activities" DROP COLUMN "message_key"`);
  }
}
