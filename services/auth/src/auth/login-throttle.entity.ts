import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Failed sign-ins per e-mail address (whether or not an account has it, so the answer tells an
 * attacker nothing), on top of the gateway's limit per IP address. See LoginThrottle.
 */
@Entity('login_throttles')
export class LoginThrottleEntity {
  /** Lower-case e-mail address as typed at the login. */
  @PrimaryColumn({ type: 'varchar', length: 254, primaryKeyConstraintName: 'pk_login_throttles' })
  email!: string;

  /** Failures in a row (reset by a successful sign-in or a day without failure). */
  @Column({ type: 'int', default: 0 })
  failures!: number;

  @Column({ name: 'last_failed_at', type: 'timestamptz' })
  lastFailedAt!: Date;

  /** No sign-in attempt is checked before this moment. */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;
}
