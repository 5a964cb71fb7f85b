import { Module } from '@nestjs/common';
import { ClosedCompanyRetention } from './closed-company-retention.js';

/** Removal of a closed company's data once kept as the law asks (issue 26). */
@Module({ providers: [ClosedCompanyRetention], exports: [ClosedCompanyRetention] })
export class RetentionModule {}
