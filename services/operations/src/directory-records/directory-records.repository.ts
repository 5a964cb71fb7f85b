import { Injectable } from '@nestjs/common';
import type { RpcReplyData } from '@zunft/contracts';
import { one } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

type CustomerRecord = RpcReplyData<'rpc.operations.customer'>;
type ProjectRecord = RpcReplyData<'rpc.operations.project'>;

/** One customer or project of a company, in the shape of its `created` event (for billing's copy). */
@Injectable()
export class DirectoryRecordsRepository {
  async customer(manager: EntityManager, companyId: string, id: string): Promise<CustomerRecord | null> {
    return one<CustomerRecord>(
      manager,
      `SELECT id AS "customerId", name, customer_number AS "customerNumber", contact_person AS "contactPerson", email,
              phone, address, zip, city, language, country, po_box AS "poBox",
              to_json(archived_at) #>> '{}' AS "archivedAt"
       FROM customers WHERE company_id = $1 AND id = $2`,
      [companyId, id],
    );
  }

  async project(manager: EntityManager, companyId: string, id: string): Promise<ProjectRecord | null> {
    return one<ProjectRecord>(
      manager,
      `SELECT p.id AS "projectId", p.customer_id AS "customerId", p.title, p.project_number AS "projectNumber", p.status,
              p.source_quote_id AS "sourceQuoteId",
              COALESCE((SELECT array_agg(a.user_id ORDER BY a.user_id) FROM project_assignments a
                        WHERE a.project_id = p.id), '{}') AS "assignedUserIds"
       FROM projects p WHERE p.company_id = $1 AND p.id = $2`,
      [companyId, id],
    );
  }
}
