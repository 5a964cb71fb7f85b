import { Module } from '@nestjs/common';
import { MaterialsImportController } from './materials-import.controller.js';
import { MaterialsImportRepository } from './materials-import.repository.js';
import { MaterialsImportService } from './materials-import.service.js';

@Module({
  controllers: [MaterialsImportController],
  providers: [MaterialsImportRepository, MaterialsImportService],
  exports: [MaterialsImportService],
})
export class MaterialsImportModule {}
