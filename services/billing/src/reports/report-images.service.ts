import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import { REPORT_LIMITS, REPORT_MESSAGES, type MessageResponse, type ReportImageDto } from '@zunft/contracts';
import { FILE_STORAGE, TenantScope, type FileStorage } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { CompanyQuotas } from '../quotas/index.js';
import { checkImage, type UploadedImage } from './report-image.js';
import { imageKey, printKey, thumbnailKey } from './report-keys.js';
import { ReportErrors } from './reports.errors.js';
import { ReportsRepository, toImageDto, type ReportImageRow } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/** A generic thumbnail (grey picture icon, SVG) for images sharp cannot decode. */
const GENERIC_THUMBNAIL = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="#eef0f2"/><rect x="110" y="70" width="100" height="80" rx="6" fill="none" stroke="#9aa1a9" stroke-width="6"/><circle cx="138" cy="96" r="10" fill="#9aa1a9"/><path d="M116 144l30-32 20 20 16-14 22 26z" fill="#9aa1a9"/></svg>`,
);

/**
 * The photos of a report. Originals, thumbnails (made on upload) and print versions are stored
 * through the FileStorage; lists carry URLs only. A signed or approved report takes no changes.
 */
@Injectable()
export class ReportImagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: ReportsRepository,
    private readonly reports: ReportsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly quotas: CompanyQuotas,
  ) {}

  async list(actor: Actor, reportId: string): Promise<ReportImageDto[]> {
    const scope = TenantScope.fromClaims(actor);
    const m = this.dataSource.manager;
    if (!(await this.repo.find(m, scope, reportId))) throw ReportErrors.reportNotFound();
    return (await this.repo.images(m, scope, reportId)).map((i) => toImageDto(i, `/api/reports/${reportId}`));
  }

  async upload(actor: Actor, reportId: string, file: UploadedImage | undefined): Promise<ReportImageDto> {
    const scope = TenantScope.fromClaims(actor);
    if (!(await this.repo.find(this.dataSource.manager, scope, reportId))) throw ReportErrors.reportNotFound();
    if (!file) throw ReportErrors.imageRequired();
    const image = await checkImage(file);
    const id = randomUUID();
    const key = imageKey(scope.companyId, reportId, id);
    const row = await this.dataSource.transaction(async (m) => {
      const report = await this.repo.lock(m, scope, reportId);
      if (!report) throw ReportErrors.reportNotFound();
      this.reports.assertEditable(report);
      if (report.image_count >= REPORT_LIMITS.maxImagesPerReport) throw ReportErrors.tooManyImages();
      // the day's upload allowance (issue 25): what is stored for this photo, with its thumbnail and
      // print version; German 413 beyond it, and a rollback gives the bytes back
      const bytes = image.data.length + (image.thumbnail?.length ?? 0) + (image.print?.length ?? 0);
      await this.quotas.consumeStorage(m, scope.companyId, bytes);
      const meta = { companyId: scope.companyId };
      await this.storage.put(key, image.data, { ...meta, contentType: image.contentType }, m);
      if (image.thumbnail && image.print) {
        await this.storage.put(thumbnailKey(key), image.thumbnail, { ...meta, contentType: 'image/jpeg' }, m);
        await this.storage.put(printKey(key), image.print, { ...meta, contentType: 'image/jpeg' }, m);
      }
      const inserted = await this.repo.insertImage(m, scope, {
        id,
        reportId,
        filename: image.filename,
        contentType: image.contentType,
        size: image.data.length,
        storageKey: key,
        thumbnailKey: image.thumbnail ? thumbnailKey(key) : null,
        createdBy: actor.userId,
      });
      await this.repo.touch(m, scope, reportId);
      return inserted;
    });
    return toImageDto(row, `/api/reports/${reportId}`);
  }

  async remove(actor: Actor, reportId: string, imageId: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const report = await this.repo.lock(m, scope, reportId);
      if (!report) throw ReportErrors.reportNotFound();
      const image = await this.repo.image(m, scope, reportId, imageId);
      if (!image) throw ReportErrors.imageNotFound();
      this.reports.assertEditable(report);
      await this.storage.deletePrefix(image.storage_key.replace(/original$/, ''), m);
      await this.repo.deleteImage(m, scope, reportId, imageId);
      await this.repo.touch(m, scope, reportId);
    });
    return { message: REPORT_MESSAGES.imageDeleted };
  }

  /** Original or thumbnail of an office user's company. */
  async file(actor: Actor, reportId: string, imageId: string, variant: 'file' | 'thumbnail'): Promise<StreamableFile> {
    return this.serve(TenantScope.fromClaims(actor), reportId, imageId, variant, ReportErrors.imageNotFound);
  }

  /** The same through a valid signature link (the token names the report). */
  async publicFile(token: string, imageId: string, variant: 'file' | 'thumbnail'): Promise<StreamableFile> {
    const { scope, report } = await this.reports.open(this.dataSource.manager, token);
    return this.serve(scope, report.id, imageId, variant, ReportErrors.linkNotFound);
  }

  private async serve(
    scope: TenantScope,
    reportId: string,
    imageId: string,
    variant: 'file' | 'thumbnail',
    notFound: () => Error,
  ): Promise<StreamableFile> {
    const image: ReportImageRow | null = await this.repo.image(this.dataSource.manager, scope, reportId, imageId);
    if (!image) throw notFound();
    if (variant === 'thumbnail' && !image.thumbnail_key) {
      return new StreamableFile(GENERIC_THUMBNAIL, {
        type: 'image/svg+xml',
        length: GENERIC_THUMBNAIL.length,
        disposition: 'inline',
      });
    }
    const key = variant === 'thumbnail' ? image.thumbnail_key! : image.storage_key;
    const file = await this.storage.get(key);
    if (!file) throw notFound();
    const name = variant === 'thumbnail' ? `thumbnail-${image.filename.replace(/\.[^.]*$/, '')}.jpg` : image.filename;
    return new StreamableFile(file.data, {
      type: file.contentType,
      length: file.size,
      disposition: `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
  }
}
