import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The company's own subscription through Stripe (issue 12): the Stripe side of the subscription,
 * the checkouts we opened (transaction ids), and the Stripe event ids already handled.
 */
export class Subscriptions1764500000000 implements MigrationInterface {
  name = 'Subscriptions1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "company_subscriptions" ("company_id" uuid NOT NULL, "stripe_customer_id" character varying(100), "stripe_subscription_id" character varying(100), "stripe_subscription_item_id" character varying(100), "billing_cycle" character varying(10), "paid_seats" integer NOT NULL DEFAULT '0', "cancel_at_period_end" boolean NOT NULL DEFAULT false, "current_period_end" TIMESTAMP WITH TIME ZONE, "grace_ends_at" TIMESTAMP WITH TIME ZONE, "subscription_event_at" bigint, "marked_for_deletion_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_company_subscriptions" PRIMARY KEY ("company_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "subscription_payments" ("id" uuid NOT NULL, "company_id" uuid NOT NULL, "kind" character varying(20) NOT NULL, "user_id" uuid, "billing_cycle" character varying(10) NOT NULL, "quantity" integer NOT NULL, "amount" numeric(10,2) NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'pending', "stripe_session_id" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "paid_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "pk_subscription_payments" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_subscription_payments_session" ON "subscription_payments" ("stripe_session_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_subscription_payments_company" ON "subscription_payments" ("company_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stripe_events" ("id" character varying(100) NOT NULL, "type" character varying(100) NOT NULL, "company_id" uuid, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_stripe_events" PRIMARY KEY ("id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stripe_events"`);
    await queryRunner.query(`DROP INDEX "public"."ix_subscription_payments_company"`);
    await queryRunner.query(`DROP INDEX "public"."uq_subscription_payments_session"`);
    await queryRunner.query(`DROP TABLE "subscription_payments"`);
    await queryRunner.query(`DROP TABLE "company_subscriptions"`);
  }
}
