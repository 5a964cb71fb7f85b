import { Controller, Get, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import {
  acceptQuoteRequestSchema,
  rejectQuoteRequestSchema,
  type AcceptQuoteRequestParsed,
  type RejectQuoteRequestParsed,
} from '@zunft/contracts';
import { Public, ZodBody } from '@zunft/nest-common';
import type { Request } from 'express';
import { QuoteAcceptanceErrorsLanguage } from '../../common/public-errors.interceptor.js';
import { QuoteAcceptanceService } from './quote-acceptance.service.js';

const origin = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });

/** The customer's acceptance page calls (public: the token in the path is the credential). */
@Public()
@UseInterceptors(QuoteAcceptanceErrorsLanguage) // errors in the customer's language
@Controller('quote-acceptance')
export class QuoteAcceptanceController {
  constructor(private readonly acceptance: QuoteAcceptanceService) {}

  @Get(':token')
  view(@Param('token') token: string) {
    return this.acceptance.view(token);
  }

  @Post(':token/accept')
  @HttpCode(200)
  accept(
    @Param('token') token: string,
    @ZodBody(acceptQuoteRequestSchema) body: AcceptQuoteRequestParsed,
    @Req() req: Request,
  ) {
    return this.acceptance.accept(token, body, origin(req));
  }

  @Post(':token/reject')
  @HttpCode(200)
  reject(@Param('token') token: string, @ZodBody(rejectQuoteRequestSchema) body: RejectQuoteRequestParsed) {
    return this.acceptance.reject(token, body.reason ?? null);
  }
}
