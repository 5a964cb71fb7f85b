import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { uuidSchema, type AccessTokenClaims } from '@zunft/contracts';
import { CurrentUser, Roles, ZodParam } from '@zunft/nest-common';
import type { Response } from 'express';
import { DataExportService } from './data-export.service.js';

/** «Alle Daten exportieren» (issue 26): the company's administrator only. */
@Roles('admin')
@Controller('data-exports')
export class DataExportController {
  constructor(private readonly exports: DataExportService) {}

  @Post()
  @HttpCode(202)
  start(@CurrentUser() user: AccessTokenClaims) {
    return this.exports.start(user);
  }

  @Get('latest')
  latest(@CurrentUser() user: AccessTokenClaims) {
    return this.exports.latest(user);
  }

  /** The ZIP, streamed part by part. */
  @Get(':id/download')
  async download(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @Res() res: Response,
  ): Promise<void> {
    const { record, parts } = await this.exports.download(user, id);
    const day = record.finishedAt!.slice(0, 10);
    res
      .status(200)
      .setHeader('Content-Type', 'application/zip')
      .setHeader('Content-Length', String(record.sizeBytes))
      .setHeader('Content-Disposition', `attachment; filename="zunft-daten-${day}.zip"`);
    for await (const part of parts) {
      if (!res.write(part)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  }
}
