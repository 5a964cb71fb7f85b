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
import { CompanyEntity } from '../companies/company.entity.js';

/**
 * An admin's invitation of a fiduciary by e-mail (issue 26). The link's token is drawn when billing
 * mails it (`rpc.auth.invitation-link`); only its SHA-256 is kept. Valid 7 days, used once
 * (`accepted_at`), or withdrawn by the admin (`revoked_at`).
 */
@Entity('user_invitations')
export class UserInvitationEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_user_invitations' })
  id!: string;

  @Index('ix_user_invitations_company_id')
  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'fk_user_invitations_company' })
  company?: Relation<CompanyEntity>;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 20 })
  role!: 'accountant';

  @Index('uq_user_invitations_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64, nullable: true })
  tokenHash!: string | null;

  @Column({ name: 'invited_by', type: 'uuid', nullable: true })
  invitedBy!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;

  @Column({ name: 'accepted_user_id', type: 'uuid', nullable: true })
  acceptedUserId!: string | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
