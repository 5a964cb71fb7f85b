import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import {
  LIMITS,
  type CompanyProfileDto,
  type CompanySettingsDto,
  type LogoUploadResponse,
  type MessageResponse,
} from '@zunft/contracts';
import {
  consumeDailyQuota,
  currentRequestId,
  dailyQuotaLimits,
  enqueueEvent,
  FILE_STORAGE,
  type FileStorage,
  quotaTierOf,
  reencodeImage,
  successMessage,
  TenantScope,
} from '@zunft/nest-common';
import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { logoStorageKey } from '../storage/logo-keys.js';
import { CompanyErrors } from './companies.errors.js';
import {
  LOGO_CONTENT_TYPES,
  LOGO_FILE_PATTERN,
  logoUrl,
  toCompanyProfileDto,
  toCompanySettingsDto,
  toProfileEventData,
  toSettingsPatch,
  type UpdateCompanyProfileInput,
  type UpdateCompanySettingsInput,
} from './companies.dto.js';
import { CompaniesRepository } from './companies.repository.js';
import type { CompanyEntity } from './company.entity.js';

export interface UploadedLogo {
  buffer: Buffer;
  size: number;
}

/** Longest side of a stored logo (documents print it a few centimetres wide). */
const LOGO_MAX_SIDE = 1000;

const EXTENSION_BY_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

@Injectable()
export class CompaniesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly companies: CompaniesRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** The daily quotas' limits (issue 25; QUOTA_* environment, defaults in nest-common). */
  private readonly quotaLimits = dailyQuotaLimits();

  async getProfile(actor: Actor): Promise<CompanyProfileDto> {
    return toCompanyProfileDto(await this.requireCompany(TenantScope.fromClaims(actor)));
  }

  updateProfile(actor: Actor, input: UpdateCompanyProfileInput): Promise<CompanyProfileDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const company = await this.requireCompanyForUpdate(scope, m);
      const patch = {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        website: input.website ?? null,
        address: input.address ?? null,
        // The structured address changes only when sent (older clients send the free address only).
        ...(input.street !== undefined ? { street: input.street } : {}),
        ...(input.house_number !== undefined ? { houseNumber: input.house_number } : {}),
        ...(input.zip !== undefined ? { zip: input.zip } : {}),
        ...(input.city !== undefined ? { city: input.city } : {}),
        ...(input.country !== undefined ? { country: input.country } : {}),
      };
      await this.companies.update(scope, patch, m);
      // Text columns store exactly what was written: the locked row plus the patch is the new state
      // (no second read; the profile and its event carry no updated_at).
      const updated: CompanyEntity = { ...company, ...patch };
      await this.publishProfile(m, actor, updated);
      return toCompanyProfileDto(updated);
    });
  }

  async getSettings(actor: Actor): Promise<CompanySettingsDto> {
    const settings = await this.companies.findSettings(TenantScope.fromClaims(actor));
    if (!settings) throw CompanyErrors.notFound();
    return toCompanySettingsDto(settings);
  }

  updateSettings(actor: Actor, input: UpdateCompanySettingsInput): Promise<CompanySettingsDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      if (!(await this.companies.findSettingsForUpdate(scope, m))) throw CompanyErrors.notFound();
      const patch = toSettingsPatch(input);
      await this.companies.updateSettings(scope, patch, m);
      // The company's language (used for the session and documents) follows the settings.
      if (patch.language) await this.companies.update(scope, { language: patch.language }, m);
      const settings = toCompanySettingsDto((await this.companies.findSettings(scope, m))!);
      await enqueueEvent(m, {
        type: 'auth.company.settings-updated',
        companyId: scope.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { settings },
      });
      return settings;
    });
  }

  /**
   * Stores a new logo (type checked by content, not by name) under the company's prefix in the
   * FileStorage and removes the previous file, all in one transaction with the company row.
   */
  async uploadLogo(actor: Actor, file: UploadedLogo | undefined): Promise<LogoUploadResponse> {
    const scope = TenantScope.fromClaims(actor);
    if (!file || file.size === 0) throw CompanyErrors.logoMissing();
    if (file.size > LIMITS.logoMaxBytes) throw CompanyErrors.logoTooLarge();
    const detected = await fileTypeFromBuffer(file.buffer);
    const ext = detected ? EXTENSION_BY_MIME[detected.mime] : undefined;
    if (!detected || !ext || !LIMITS.logoMimeTypes.includes(detected.mime)) throw CompanyErrors.logoBadType();
    // Header first (40 MP cap, German 400 before decoding), then re-encoded on libvips' threads at
    // most 1000 px: documents only ever get the re-encoded logo (JPEG stays JPEG, the rest PNG).
    const logo = await reencodeImage(file.buffer, {
      maxSide: LOGO_MAX_SIDE,
      format: detected.mime === 'image/jpeg' ? 'jpeg' : 'png',
      quality: 90,
    });
    if (!logo) throw CompanyErrors.logoBadType();

    const logoPath = `logos/${randomBytes(16).toString('hex')}.${EXTENSION_BY_MIME[logo.contentType]}`;
    await this.dataSource.transaction(async (m) => {
      const company = await this.requireCompanyForUpdate(scope, m);
      // the day's upload allowance (issue 25), like billing's photos and signatures: the stored
      // (re-encoded) bytes count in this transaction; German 413 beyond it, a rollback gives them back
      await consumeDailyQuota(m, {
        companyId: scope.companyId,
        kind: 'storage_bytes',
        amount: logo.data.length,
        limit: this.quotaLimits[quotaTierOf(company.subscriptionStatus)].storage_bytes,
      });
      await this.storage.put(
        logoStorageKey(scope.companyId, logoPath),
        logo.data,
        { contentType: logo.contentType, companyId: scope.companyId },
        m,
      );
      if (company.logoPath) await this.storage.delete(logoStorageKey(scope.companyId, company.logoPath), m);
      await this.companies.update(scope, { logoPath }, m);
      await this.publishProfile(m, actor, { ...company, logoPath });
    });
    return { logoUrl: logoUrl(logoPath)! };
  }

  async deleteLogo(actor: Actor): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const company = await this.requireCompanyForUpdate(scope, m);
      if (!company.logoPath) return;
      await this.storage.delete(logoStorageKey(scope.companyId, company.logoPath), m);
      await this.companies.update(scope, { logoPath: null }, m);
      await this.publishProfile(m, actor, { ...company, logoPath: null });
    });
    return { message: successMessage('success.logo_removed') };
  }

  /**
   * Public: the file name is the secret (128 random bits). Only a company's current logo is served,
   * read from that company's own prefix; replaced and deleted logos are gone from storage.
   */
  async logoFile(fileName: string): Promise<StreamableFile> {
    if (!LOGO_FILE_PATTERN.test(fileName)) throw CompanyErrors.logoNotFound();
    const logoPath = `logos/${fileName}`;
    const companyId = await this.companies.findIdByLogoPath(logoPath);
    const file = companyId ? await this.storage.get(logoStorageKey(companyId, logoPath)) : null;
    if (!file) throw CompanyErrors.logoNotFound();
    const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
    return new StreamableFile(file.data, {
      type: LOGO_CONTENT_TYPES[ext],
      length: file.size,
      disposition: 'inline',
    });
  }

  private async requireCompany(scope: TenantScope, m?: EntityManager): Promise<CompanyEntity> {
    const company = await this.companies.find(scope, m);
    if (!company) throw CompanyErrors.notFound();
    return company;
  }

  private async requireCompanyForUpdate(scope: TenantScope, m: EntityManager): Promise<CompanyEntity> {
    const company = await this.companies.findForUpdate(scope, m);
    if (!company) throw CompanyErrors.notFound();
    return company;
  }

  private async publishProfile(m: EntityManager, actor: Actor, company: CompanyEntity): Promise<void> {
    await enqueueEvent(m, {
      type: 'auth.company.profile-updated',
      companyId: company.id,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: toProfileEventData(company),
    });
  }
}
