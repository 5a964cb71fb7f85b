import { CreateStoredFiles1764200000050 } from '@zunft/nest-common';
import { Logger } from '@nestjs/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LEGACY_STORAGE_DIR_DEFAULT, importLegacyLogos } from '../storage/legacy-logo-import.js';

/**
 * Files without local disk (issue 9): the `stored_files` table of the shared PostgreSQL FileStorage
 * (same definition as nest-common's CreateStoredFiles) now holds the company logos, and auth needs no
 * `STORAGE_DIR` any more. Logos already uploaded to the old disk are copied in by this migration:
 * run it once with `STORAGE_DIR` pointing at the old directory (default `var/storage/auth`, relative
 * to the working directory) where that directory is still mounted; a logo whose file is not found
 * keeps answering 404, as a lost file did before. The old files are left on disk.
 */
export class StoredFiles1765000000000 implements MigrationInterface {
  name = 'StoredFiles1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await new CreateStoredFiles1764200000050().up(queryRunner);
    const result = await importLegacyLogos(queryRunner, process.env.STORAGE_DIR || LEGACY_STORAGE_DIR_DEFAULT);
    if (result.imported > 0 || result.missing.length > 0) {
      new Logger('StoredFilesMigration').log(
        `logos from ${result.dir}: ${result.imported} copied into stored_files, ${result.missing.length} not found`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stored_files"`);
  }
}
