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

/** A trade a company offers (Elektriker, Sanitär, …); unique per company, case-insensitive (migration index). */
@Entity('craftsman_categories')
@Index('uq_craftsman_categories_company_name', { synchronize: false })
export class CraftsmanCategoryEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_craftsman_categories' })
  id!: string;

  @Index('ix_craftsman_categories_company_id')
  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'fk_craftsman_categories_company' })
  company?: Relation<CompanyEntity>;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
