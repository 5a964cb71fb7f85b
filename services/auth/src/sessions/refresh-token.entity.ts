import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * A refresh token, stored as its sha256 only. Tokens of one login form a family: each refresh
 * revokes the presented token and issues its successor; presenting a revoked (rotated) token again
 * is treated as theft and revokes the whole family, unless it happens within the short grace window
 * after the rotation (ROTATION_GRACE_SECONDS: two tabs, a lost answer), which issues a sibling.
 */
@Entity('refresh_tokens')
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_refresh_tokens' })
  id!: string;

  @Index('ix_refresh_tokens_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_refresh_tokens_user' })
  user?: Relation<UserEntity>;

  @Index('uq_refresh_tokens_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Index('ix_refresh_tokens_family_id')
  @Column({ name: 'family_id', type: 'uuid' })
  familyId!: string;

  /** rememberMe: the cookie outlives the browser session. */
  @Column({ type: 'boolean', default: false })
  persistent!: boolean;

  /** Issued by a super-admin login: refreshed access tokens keep isSuperAdmin. */
  @Column({ name: 'super_admin', type: 'boolean', default: false })
  superAdmin!: boolean;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** For a rotated token (replaced_by_id set) the rotation time: revoking the family later keeps it. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** Set when the token was rotated; a revoked token without successor was logged out or revoked. */
  @Column({ name: 'replaced_by_id', type: 'uuid', nullable: true })
  replacedById!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
