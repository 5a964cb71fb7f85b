import { Injectable } from '@nestjs/common';
import type { InvitationLink, RpcParsedRequest } from '@zunft/contracts';
import { RpcResponder } from '@zunft/nest-common';
import { MembershipsService } from './memberships.service.js';

/**
 * `rpc.auth.invitation-link` (issue 26): billing asks for the invitation's token when it mails the
 * link, so the token never passes through the event stream. NATS lets only billing ask
 * (deploy/nats/nats-server.conf).
 */
@Injectable()
export class InvitationLinkResponder extends RpcResponder<'rpc.auth.invitation-link'> {
  readonly subject = 'rpc.auth.invitation-link';

  constructor(private readonly memberships: MembershipsService) {
    super();
  }

  handle(request: RpcParsedRequest<'rpc.auth.invitation-link'>): Promise<InvitationLink> {
    return this.memberships.linkFor(request);
  }
}
