import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { isMessageLanguage } from '@zunft/contracts';
import { setRequestLanguage } from '@zunft/nest-common';
import { createHash } from 'node:crypto';
import type { Observable } from 'rxjs';
import { DataSource } from 'typeorm';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The language a public token page answers its errors in (issue 15): the customer's, as the
 * documents use it. Quote acceptance: the quote's customer, else the company's language; Rapport
 * signature: the report's language (set from its customer when it was generated). Runs before the
 * body is validated, so a wrong field on the French page reads French. Unknown tokens: no language
 * (the request's Accept-Language, else German).
 */
@Injectable()
abstract class PublicErrorsLanguage implements NestInterceptor {
  constructor(@Inject(DataSource) protected readonly dataSource: DataSource) {}

  protected abstract languageOf(tokenHash: string): Promise<unknown>;

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<{ params?: Record<string, string> }>();
    const token = request.params?.token;
    if (token && TOKEN.test(token)) {
      const language = await this.languageOf(sha256(token)).catch(() => undefined);
      if (isMessageLanguage(language)) setRequestLanguage(request, language);
    }
    return next.handle();
  }
}

@Injectable()
export class QuoteAcceptanceErrorsLanguage extends PublicErrorsLanguage {
  protected async languageOf(tokenHash: string): Promise<unknown> {
    const rows: { language: string | null }[] = await this.dataSource.query(
      `SELECT COALESCE(cu.language, co.language) AS language
         FROM quotes q
         LEFT JOIN customers cu ON cu.id = q.customer_id AND cu.company_id = q.company_id
         LEFT JOIN companies co ON co.id = q.company_id
        WHERE q.acceptance_token_hash = $1`,
      [tokenHash],
    );
    return rows[0]?.language;
  }
}

@Injectable()
export class ReportSignatureErrorsLanguage extends PublicErrorsLanguage {
  protected async languageOf(tokenHash: string): Promise<unknown> {
    const rows: { language: string | null }[] = await this.dataSource.query(
      `SELECT r.language FROM report_signature_tokens t
         JOIN reports r ON r.id = t.report_id AND r.company_id = t.company_id
        WHERE t.token_hash = $1`,
      [tokenHash],
    );
    return rows[0]?.language;
  }
}
