import { Controller, Delete, Get, Header, HttpCode, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  createExpenseRequestSchema,
  expenseListQuerySchema,
  rejectExpenseRequestSchema,
  updateExpenseRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateExpenseRequestParsed,
  type ExpenseListQueryParsed,
  type RejectExpenseRequest,
  type UpdateExpenseRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import { ExpensesService } from './expenses.service.js';
import type { UploadedReceipt } from './receipt.js';
import { ReceiptUploadInterceptor } from './receipt-upload.interceptor.js';

/**
 * Expenses (Spesen). Create and update are multipart (fields + optional file `receipt`).
 * Literal routes (stats/summary) are declared before `:id` so they are never taken for an id.
 */
@Controller('expenses')
export class ExpensesController {
  constructor(private readonly expenses: ExpensesService) {}

  /** Employees: their own; admin/backoffice: all, optionally filtered by userId. */
  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @ZodQuery(expenseListQuerySchema) query: ExpenseListQueryParsed) {
    return this.expenses.list(user, query);
  }

  /** The four tiles: total, pending, approved, rejected (count and CHF amount). */
  @Get('stats/summary')
  stats(@CurrentUser() user: AccessTokenClaims, @ZodQuery(expenseListQuerySchema) query: ExpenseListQueryParsed) {
    return this.expenses.stats(user, query);
  }

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.expenses.get(user, id);
  }

  /** The stored bytes as a download; never rendered inline, never cached by shared caches. */
  @Get(':id/receipt')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'private, no-store')
  receipt(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.expenses.receipt(user, id);
  }

  @Post()
  @UseInterceptors(ReceiptUploadInterceptor)
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createExpenseRequestSchema) body: CreateExpenseRequestParsed,
    @UploadedFile() file: UploadedReceipt | undefined,
  ) {
    return this.expenses.create(user, body, file);
  }

  @Put(':id')
  @UseInterceptors(ReceiptUploadInterceptor)
  update(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(updateExpenseRequestSchema) body: LazyBody<UpdateExpenseRequestParsed>,
    @UploadedFile() file: UploadedReceipt | undefined,
  ) {
    return this.expenses.update(user, id, () => body.value(), file);
  }

  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.expenses.remove(user, id);
  }

  @Roles('admin', 'backoffice')
  @Post(':id/approve')
  @HttpCode(200)
  approve(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.expenses.approve(user, id);
  }

  @Roles('admin', 'backoffice')
  @Post(':id/reject')
  @HttpCode(200)
  reject(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(rejectExpenseRequestSchema) body: LazyBody<RejectExpenseRequest>,
  ) {
    return this.expenses.reject(user, id, () => body.value().reason);
  }
}
