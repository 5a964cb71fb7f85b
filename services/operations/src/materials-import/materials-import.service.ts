import { Injectable, Logger } from '@nestjs/common';
import {
  translateServerMessage,
  type MaterialImportDto,
  type MaterialImportRequestParsed,
  type MaterialMarkupDto,
  type MaterialMarkupsRequestParsed,
  type MaterialPriceDto,
  type MaterialSupplierDto,
  type MetalQuotationDto,
  type MetalQuotationRequestParsed,
} from '@zunft/contracts';
import { TenantScope, iso, num, rows } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { OperationsErrors } from '../common/operations.errors.js';
import { DirectoryService } from '../directory/index.js';
import { CatalogueFileError, type CatalogueArticle, type ParsedCatalogue } from './catalogue-article.js';
import { MaterialsImportErrors } from './materials-import.errors.js';
import { MaterialsImportRepository, type ArticleWrite, type StoredArticle } from './materials-import.repository.js';
import { parseCatalogue } from './parse-catalogue.js';
import { markupFor, purchasePricePerUnit, sellingPrice } from './pricing.js';

/** The part of multer's file object the import uses. */
export interface UploadedCatalogue {
  buffer: Buffer;
  originalname: string;
  size: number;
}

/** Articles written per statement; progress is reported after each chunk. */
const CHUNK = 1000;

const sameNumber = (stored: string | null, next: number | null) =>
  stored === null ? next === null : next !== null && Number(stored) === next;

/**
 * The wholesaler's catalogue (issue 29). `start` reads the whole file in the request (a bad file is
 * a German 400 naming the line, before anything is written), then writes it in the background as
 * one transaction: new articles are created (stock 0), known ones (same supplier and supplier article
 * number) get the file's texts and prices with a price-history entry when a price changed, their
 * stock, usage and active flag stay; articles the file no longer lists are marked `missing_since`,
 * never deleted. A failure rolls everything back and the job answers `failed`. Progress is written
 * on its own connection, so `GET /materials/import/{id}` sees it while the transaction runs.
 */
@Injectable()
export class MaterialsImportService {
  private readonly logger = new Logger(MaterialsImportService.name);
  /** Background writes still running (tests and shutdown wait for them). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: MaterialsImportRepository,
    private readonly directory: DirectoryService,
  ) {}

  async start(
    actor: Actor,
    file: UploadedCatalogue | undefined,
    body: MaterialImportRequestParsed,
  ): Promise<MaterialImportDto> {
    if (!file || file.size === 0) throw MaterialsImportErrors.fileMissing();
    const scope = TenantScope.fromClaims(actor);
    const m = this.dataSource.manager;
    const supplier = await this.repo.supplier(m, scope, body.supplier);
    let parsed: ParsedCatalogue;
    try {
      parsed = parseCatalogue(
        new Uint8Array(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength),
        body.mapping ?? supplier.column_mapping,
      );
    } catch (e) {
      if (e instanceof CatalogueFileError) throw MaterialsImportErrors.badFile(e.key, e.params);
      throw e;
    }
    if (await this.repo.running(m, scope, supplier.id)) throw MaterialsImportErrors.running();
    if (parsed.mapping) await this.repo.rememberMapping(m, scope, supplier.id, parsed.mapping);
    const id = await this.repo.createImport(m, scope, {
      supplierId: supplier.id,
      format: parsed.format,
      fileName: file.originalname.slice(0, 255) || 'import',
      totalRows: parsed.articles.length,
      createdBy: actor.userId,
    });
    const job = this.run(scope, actor.userId, id, supplier.id, parsed).finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
    return (await this.repo.findImport(m, scope, id))!;
  }

  /** Resolves once every background import of this process has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  async get(actor: Actor, id: string): Promise<MaterialImportDto> {
    const job = await this.repo.findImport(this.dataSource.manager, TenantScope.fromClaims(actor), id);
    if (!job) throw MaterialsImportErrors.notFound();
    return job;
  }

  list(actor: Actor): Promise<MaterialImportDto[]> {
    return this.repo.listImports(this.dataSource.manager, TenantScope.fromClaims(actor));
  }

  suppliers(actor: Actor): Promise<MaterialSupplierDto[]> {
    return this.repo.suppliers(this.dataSource.manager, TenantScope.fromClaims(actor));
  }

  async markups(actor: Actor): Promise<MaterialMarkupDto[]> {
    const map = await this.repo.markups(this.dataSource.manager, TenantScope.fromClaims(actor));
    return [...map]
      .map(([product_group, percent]) => ({ product_group, percent }))
      .sort((a, b) => a.product_group.localeCompare(b.product_group));
  }

  /**
   * Replaces the company's markups and reprices every supplier article by them (selling price =
   * purchase price per unit × (1 + markup)), with a price-history entry where the price changes.
   */
  async setMarkups(actor: Actor, input: MaterialMarkupsRequestParsed): Promise<MaterialMarkupDto[]> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      await m.query(`DELETE FROM material_markups WHERE company_id = $1`, [scope.companyId]);
      for (const mk of input.markups)
        await m.query(
          `INSERT INTO material_markups (company_id, product_group, percent) VALUES ($1, $2, $3)
           ON CONFLICT (company_id, product_group) DO UPDATE SET percent = EXCLUDED.percent, updated_at = now()`,
          [scope.companyId, mk.productGroup, mk.percent],
        );
      await this.repriceAll(m, scope);
    });
    return this.markups(actor);
  }

  async prices(actor: Actor, materialId: string): Promise<MaterialPriceDto[]> {
    const scope = TenantScope.fromClaims(actor);
    const exists = await rows(this.dataSource.manager, `SELECT 1 FROM materials WHERE id = $1 AND company_id = $2`, [
      materialId,
      scope.companyId,
    ]);
    if (exists.length === 0) throw OperationsErrors.materialNotFound();
    const list = await this.repo.priceHistory(this.dataSource.manager, scope, materialId);
    return list.map((p) => ({
      price_unit: p.price_unit,
      list_price: num(p.list_price),
      net_price: num(p.net_price),
      purchase_price: num(p.purchase_price),
      unit_price: Number(p.unit_price),
      valid_from: iso(p.valid_from)!,
      import_id: p.import_id,
    }));
  }

  /** The day's copper quotation (CHF per 100 kg); the day defaults to today in the company's time zone. */
  async setQuotation(actor: Actor, input: MetalQuotationRequestParsed): Promise<MetalQuotationDto> {
    const scope = TenantScope.fromClaims(actor);
    const m = this.dataSource.manager;
    const day = input.day ?? (await this.today(m, scope));
    await this.repo.setQuotation(m, scope, day, input.pricePer100kg, actor.userId);
    return { metal: 'copper', day, price_per_100kg: input.pricePer100kg };
  }

  /** The latest copper quotation up to today, or null before the first one. */
  async quotation(actor: Actor): Promise<MetalQuotationDto | null> {
    const scope = TenantScope.fromClaims(actor);
    const m = this.dataSource.manager;
    return this.repo.quotation(m, scope, await this.today(m, scope));
  }

  private async today(m: EntityManager, scope: TenantScope): Promise<string> {
    const { timezone } = await this.directory.settings(m, scope);
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
  }

  // ------------------------------------------------------------------------------------------

  private async run(scope: TenantScope, userId: string, id: string, supplierId: string, parsed: ParsedCatalogue) {
    const progressManager = this.dataSource.manager;
    try {
      await this.repo.progress(progressManager, scope, id, 'running', 0);
      await this.dataSource.transaction(async (m) => {
        await this.repo.upsertDiscountGroups(m, scope, supplierId, parsed.discountGroups);
        const discounts = await this.repo.discountGroups(m, scope, supplierId);
        const markups = await this.repo.markups(m, scope);
        const result = { created: 0, updated: 0, unchanged: 0, missing: 0, processed: 0 };
        for (let i = 0; i < parsed.articles.length; i += CHUNK) {
          const chunk = parsed.articles.slice(i, i + CHUNK).map((a) => this.priced(a, discounts, markups));
          const stored = new Map(
            (
              await this.repo.existing(
                m,
                scope,
                supplierId,
                chunk.map((a) => a.articleNumber),
              )
            ).map((s) => [s.supplier_article_number, s]),
          );
          const fresh = chunk.filter((a) => !stored.has(a.articleNumber));
          const changedOnes = chunk.filter(
            (a) => stored.has(a.articleNumber) && !sameArticle(stored.get(a.articleNumber)!, a),
          );
          const inserted = await this.repo.insertArticles(m, scope, supplierId, userId, fresh);
          await this.repo.updateArticles(m, scope, supplierId, changedOnes);
          const byNumber = new Map(fresh.map((a) => [a.articleNumber, a]));
          await this.repo.addPriceHistory(m, scope, id, [
            ...inserted.map((r) => ({ materialId: r.id, a: byNumber.get(r.number)! })),
            ...changedOnes
              .filter((a) => !samePrices(stored.get(a.articleNumber)!, a))
              .map((a) => ({ materialId: stored.get(a.articleNumber)!.id, a })),
          ]);
          result.created += fresh.length;
          result.updated += changedOnes.length;
          result.unchanged += chunk.length - fresh.length - changedOnes.length;
          result.processed += chunk.length;
          await this.repo.progress(progressManager, scope, id, 'running', result.processed);
        }
        result.missing = await this.repo.markMissing(
          m,
          scope,
          supplierId,
          parsed.articles.map((a) => a.articleNumber),
        );
        await this.repo.finish(m, scope, id, result);
      });
    } catch (e) {
      this.logger.error(`material import ${id} failed: ${e instanceof Error ? e.message : String(e)}`);
      await this.repo
        .fail(progressManager, scope, id, translateServerMessage('material_import_failed', 'de'))
        .catch(() => undefined);
    }
  }

  private priced(a: CatalogueArticle, discounts: Map<string, number>, markups: Map<string, number>): ArticleWrite {
    const purchase = purchasePricePerUnit(a, discounts);
    return {
      articleNumber: a.articleNumber,
      name: a.name,
      description: a.description,
      unit: a.unit,
      ean: a.ean,
      productGroup: a.productGroup,
      discountGroup: a.discountGroup,
      priceUnit: a.priceUnit,
      listPrice: a.listPrice,
      netPrice: a.netPrice,
      purchasePrice: purchase,
      metalWeightKg: a.metalWeightKg,
      unitPrice: sellingPrice(purchase, markupFor(a.productGroup, markups)),
    };
  }

  /** New selling prices for every supplier article of the company after the markups changed. */
  private async repriceAll(m: EntityManager, scope: TenantScope) {
    const markups = await this.repo.markups(m, scope);
    const list = await rows<{ id: string; product_group: string | null; purchase_price: string; unit_price: string }>(
      m,
      `SELECT id, product_group, purchase_price, unit_price FROM materials
       WHERE company_id = $1 AND purchase_price IS NOT NULL FOR UPDATE`,
      [scope.companyId],
    );
    const changes = list
      .map((r) => ({
        id: r.id,
        price: sellingPrice(Number(r.purchase_price), markupFor(r.product_group, markups)),
        old: Number(r.unit_price),
      }))
      .filter((c) => c.price !== c.old);
    if (changes.length === 0) return;
    await m.query(
      `UPDATE materials m SET unit_price = c.price, updated_at = now()
       FROM unnest($2::uuid[], $3::numeric[]) AS c(id, price) WHERE m.company_id = $1 AND m.id = c.id`,
      [scope.companyId, changes.map((c) => c.id), changes.map((c) => c.price)],
    );
    await m.query(
      `INSERT INTO material_price_history (company_id, material_id, price_unit, list_price, net_price, purchase_price, unit_price)
       SELECT company_id, id, price_unit, list_price, net_price, purchase_price, unit_price FROM materials
       WHERE company_id = $1 AND id = ANY($2::uuid[])`,
      [scope.companyId, changes.map((c) => c.id)],
    );
  }
}

function samePrices(s: StoredArticle, a: ArticleWrite): boolean {
  return (
    s.price_unit === a.priceUnit &&
    sameNumber(s.list_price, a.listPrice) &&
    sameNumber(s.net_price, a.netPrice) &&
    sameNumber(s.purchase_price, a.purchasePrice) &&
    Number(s.unit_price) === a.unitPrice
  );
}

function sameArticle(s: StoredArticle, a: ArticleWrite): boolean {
  return (
    samePrices(s, a) &&
    s.missing_since === null &&
    s.name === a.name &&
    s.description === a.description &&
    s.unit === a.unit &&
    s.ean === a.ean &&
    s.product_group === a.productGroup &&
    s.discount_group === a.discountGroup &&
    sameNumber(s.metal_weight_kg, a.metalWeightKg)
  );
}
