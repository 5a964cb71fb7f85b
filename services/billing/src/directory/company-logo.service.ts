import { Inject, Injectable, Logger } from '@nestjs/common';
import { LIMITS } from '@zunft/contracts';
import { reencodeImage } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { BILLING_CONFIG } from '../config/billing-config.module.js';
import type { BillingConfig } from '../config/billing.config.js';
import { DirectoryRepository } from './directory.repository.js';

const FETCH_TIMEOUT_MS = 3000;
/** What auth's `logoUrl()` produces (companies.dto.ts: LOGO_ROUTE_PREFIX + file name). */
const AUTH_LOGO_PATH = /^\/api\/companies\/logo\/[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/;

/**
 * The company logo for documents, as a data: URL. auth.company.profile-updated carries only the
 * logo's (public, unguessable) path on the auth service, so the bytes are fetched from auth's
 * internal URL (AUTH_URL; never another host, no redirects) the
 * first time a document needs them and cached in `company_logos` (keyed by that URL: a new logo
 * has a new URL). Auth down or the logo gone: the document is made without a logo.
 */
@Injectable()
export class CompanyLogoService {
  private readonly logger = new Logger(CompanyLogoService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryRepository,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  async dataUrl(companyId: string, logoUrl: string | null): Promise<string | null> {
    if (!logoUrl) return null;
    const manager = this.dataSource.manager;
    const cached = await this.directory.cachedLogo(manager, companyId, logoUrl);
    if (cached) return toDataUrl(cached.content_type, cached.data);
    const fetched = await this.fetchLogo(logoUrl);
    if (!fetched) return null;
    await this.directory.storeLogo(manager, companyId, logoUrl, fetched.contentType, fetched.data);
    return toDataUrl(fetched.contentType, fetched.data);
  }

  private async fetchLogo(logoUrl: string): Promise<{ contentType: string; data: Buffer } | null> {
    // Only auth's own logo route on auth's internal URL: an event naming any other URL (a forged
    // one, NATS being reachable) must not make billing fetch it.
    if (!AUTH_LOGO_PATH.test(logoUrl)) {
      this.logger.warn({ msg: 'logo URL is not an auth logo path, ignored', companyLogoUrl: logoUrl.slice(0, 200) });
      return null;
    }
    const url = `${this.config.authUrl}${logoUrl}`;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
      if (!res.ok) {
        this.logger.warn({ msg: 'logo not available', url, status: res.status });
        return null;
      }
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!LIMITS.logoMimeTypes.includes(contentType)) {
        this.logger.warn({ msg: 'logo has an unexpected type', url, contentType });
        return null;
      }
      const data = Buffer.from(await res.arrayBuffer());
      if (data.length === 0 || data.length > LIMITS.logoMaxBytes) return null;
      // The renderer only ever gets re-encoded images (issue 25): header check (40 MP), then at most
      // 1000 px, as auth stores uploads; a bomb or an undecodable file: the document has no logo.
      const logo = await reencodeImage(data, {
        maxSide: 1000,
        format: contentType === 'image/jpeg' ? 'jpeg' : 'png',
        quality: 90,
      });
      if (!logo) throw new Error('logo does not decode');
      return { contentType: logo.contentType, data: logo.data };
    } catch (error) {
      this.logger.warn({ msg: 'logo fetch failed, document without logo', url, error: (error as Error).message });
      return null;
    }
  }
}

const toDataUrl = (contentType: string, data: Buffer) => `data:${contentType};base64,${data.toString('base64')}`;
