import { Injectable } from '@nestjs/common';
import type { AccessTokenClaims, AccountantExportEventData } from '@zunft/contracts';
import { currentRequest, currentRequestId, enqueueEvent } from '@zunft/nest-common';
import { DataSource } from 'typeorm';

/**
 * A fiduciary's (role accountant, issue 26) download of the books: journal files and the open items
 * as CSV or PDF. Billing reports it with `billing.accountant.export-downloaded` (outbox); auth writes
 * it into the company's audit trail, where the admin sees which records left the company and when.
 * Other roles' downloads are not logged (they are the company's own people).
 */
@Injectable()
export class AccountantExportLog {
  constructor(private readonly dataSource: DataSource) {}

  async downloaded(user: AccessTokenClaims, what: AccountantExportEventData['export'], format: string) {
    if (user.role !== 'accountant' || user.isSuperAdmin) return;
    const request = currentRequest() as { originalUrl?: string; url?: string } | null;
    const path = (request?.originalUrl ?? request?.url ?? '').split('?')[0]!.slice(0, 500);
    const data: AccountantExportEventData = {
      userId: user.userId,
      export: what,
      format,
      path,
      requestId: currentRequestId(),
      occurredAt: new Date().toISOString(),
    };
    await this.dataSource.transaction((m) =>
      enqueueEvent(m, {
        type: 'billing.accountant.export-downloaded',
        companyId: user.companyId,
        actorId: user.userId,
        requestId: data.requestId,
        data,
      }),
    );
  }
}
