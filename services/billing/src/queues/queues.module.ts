import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DocumentQueues, QUEUES_OPTIONS, type QueuesOptions } from './document-queues.js';
import { JobProducer } from './job-producer.js';

/** Global module: `DocumentQueues` (PDF rendering and mail through the billing worker) and `JobProducer` (any other job). */
@Global()
@Module({})
export class QueuesModule {
  static forRoot(options: QueuesOptions): DynamicModule {
    return {
      module: QueuesModule,
      providers: [{ provide: QUEUES_OPTIONS, useValue: options }, DocumentQueues, JobProducer],
      exports: [DocumentQueues, JobProducer],
    };
  }
}
