import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  createQuoteTemplateRequestSchema,
  quoteListQuerySchema,
  quoteRequestSchema,
  quoteTemplateListQuerySchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateQuoteTemplateRequestParsed,
  type QuoteListQueryParsed,
  type QuoteRequestParsed,
  type QuoteTemplateListQueryParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import { QuoteTemplatesService } from './templates/quote-templates.service.js';
import { QuotesService } from './quotes.service.js';

/**
 * Quotes and quote templates, admin and backoffice only. The literal `stats` and `templates` routes are
 * declared before `:id` so they are never taken for an id.
 */
@Roles('admin', 'backoffice')
@Controller('quotes')
export class QuotesController {
  constructor(
    private readonly quotes: QuotesService,
    private readonly templates: QuoteTemplatesService,
  ) {}

  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @ZodQuery(quoteListQuerySchema) query: QuoteListQueryParsed) {
    return this.quotes.list(user, query);
  }

  /** The screen's four tiles over all quotes (literal route, before `:id`). */
  @Get('stats')
  stats(@CurrentUser() user: AccessTokenClaims) {
    return this.quotes.stats(user);
  }

  @Post()
  create(@CurrentUser() user: AccessTokenClaims, @ZodBody(quoteRequestSchema) body: QuoteRequestParsed) {
    return this.quotes.create(user, body);
  }

  // ---------------------------------------------------------------------------------- templates

  @Get('templates')
  listTemplates(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(quoteTemplateListQuerySchema) query: QuoteTemplateListQueryParsed,
  ) {
    return this.templates.list(user, query.search ?? null);
  }

  @Post('templates')
  createTemplate(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createQuoteTemplateRequestSchema) body: CreateQuoteTemplateRequestParsed,
  ) {
    return this.templates.create(user, body);
  }

  @Get('templates/:id')
  getTemplate(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.templates.get(user, id);
  }

  @Delete('templates/:id')
  removeTemplate(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.templates.remove(user, id);
  }

  // ---------------------------------------------------------------------------------- one quote

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.quotes.get(user, id);
  }

  @Put(':id')
  async update(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(quoteRequestSchema) body: LazyBody<QuoteRequestParsed>,
  ) {
    // the quote is looked up before the body is read: another company's id answers 404 (issue 28)
    await this.quotes.get(user, id);
    return this.quotes.update(user, id, body.value());
  }

  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.quotes.remove(user, id);
  }

  /** application/pdf, attachment `Angebot-<number>.pdf`; 503 when the worker does not answer. */
  @Get(':id/pdf')
  pdf(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.quotes.pdf(user, id);
  }

  /** The customer's signature (PNG) of an accepted quote. */
  @Get(':id/signature')
  signature(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.quotes.signature(user, id);
  }

  @Post(':id/send')
  @HttpCode(200)
  send(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.quotes.send(user, id);
  }

  @Post(':id/create-project')
  @HttpCode(202)
  createProject(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.quotes.createProject(user, id);
  }
}
