import { Injectable } from '@nestjs/common';
import type { EmailVerificationLink, RpcParsedRequest } from '@zunft/contracts';
import { RpcResponder } from '@zunft/nest-common';
import { EmailVerificationService } from './email-verification.service.js';

/**
 * `rpc.auth.email-verification-link` (issue 25): billing asks for the verification link's token when
 * it mails the link, so the token never passes through the event stream. NATS lets only billing ask
 * (deploy/nats/nats-server.conf).
 */
@Injectable()
export class EmailVerificationLinkResponder extends RpcResponder<'rpc.auth.email-verification-link'> {
  readonly subject = 'rpc.auth.email-verification-link';

  constructor(private readonly verification: EmailVerificationService) {
    super();
  }

  handle(request: RpcParsedRequest<'rpc.auth.email-verification-link'>): Promise<EmailVerificationLink> {
    return this.verification.linkFor(request);
  }
}
