import { Injectable } from '@nestjs/common';
import type { ReportData, RpcParsedRequest } from '@zunft/contracts';
import { RpcResponder } from '@zunft/nest-common';
import { ReportDataService } from './report-data.service.js';

/** `rpc.operations.report-data`: customer, project, time entries and material usage of a period (asked by billing). */
@Injectable()
export class ReportDataResponder extends RpcResponder<'rpc.operations.report-data'> {
  readonly subject = 'rpc.operations.report-data';

  constructor(private readonly service: ReportDataService) {
    super();
  }

  handle(request: RpcParsedRequest<'rpc.operations.report-data'>): Promise<ReportData> {
    return this.service.load(request);
  }
}
