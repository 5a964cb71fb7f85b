import {
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Put,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  closeCompanyRequestSchema,
  LIMITS,
  updateCompanyProfileRequestSchema,
  updateCompanySettingsRequestSchema,
  type AccessTokenClaims,
} from '@zunft/contracts';
import { AllowWithoutPayment, CurrentUser, Public, Roles, ZodBody } from '@zunft/nest-common';
import { SingleFileUpload } from '../common/single-file-upload.interceptor.js';
import { CompanyErrors } from './companies.errors.js';
import { CompanyClosureService } from './company-closure.service.js';
import type { CloseCompanyInput, UpdateCompanyProfileInput, UpdateCompanySettingsInput } from './companies.dto.js';
import { CompaniesService, type UploadedLogo } from './companies.service.js';

const LogoUpload = SingleFileUpload('logo', {
  maxBytes: LIMITS.logoMaxBytes,
  tooLarge: CompanyErrors.logoTooLarge,
  invalid: CompanyErrors.logoMissing,
});

/** Company data and settings. All of it stays reachable when payment is due (the settings page must load). */
@AllowWithoutPayment()
@Controller('companies')
export class CompaniesController {
  constructor(
    private readonly companies: CompaniesService,
    private readonly closure: CompanyClosureService,
  ) {}

  @Get('profile')
  getProfile(@CurrentUser() user: AccessTokenClaims) {
    return this.companies.getProfile(user);
  }

  @Roles('admin')
  @Put('profile')
  updateProfile(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(updateCompanyProfileRequestSchema) body: UpdateCompanyProfileInput,
  ) {
    return this.companies.updateProfile(user, body);
  }

  /** Any role: time tracking needs the surcharges, quotes the default hourly rate. */
  @Get('settings')
  getSettings(@CurrentUser() user: AccessTokenClaims) {
    return this.companies.getSettings(user);
  }

  @Roles('admin')
  @Put('settings')
  updateSettings(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(updateCompanySettingsRequestSchema) body: UpdateCompanySettingsInput,
  ) {
    return this.companies.updateSettings(user, body);
  }

  @Roles('admin')
  @Post('logo')
  @UseInterceptors(LogoUpload)
  uploadLogo(@CurrentUser() user: AccessTokenClaims, @UploadedFile() file: UploadedLogo | undefined) {
    return this.companies.uploadLogo(user, file);
  }

  @Roles('admin')
  @Delete('logo')
  deleteLogo(@CurrentUser() user: AccessTokenClaims) {
    return this.companies.deleteLogo(user);
  }

  /** «Konto schliessen» (issue 26): the admin confirms with the company's name; German 400/409. */
  @Roles('admin')
  @Post('me/close')
  @HttpCode(200)
  close(@CurrentUser() user: AccessTokenClaims, @ZodBody(closeCompanyRequestSchema) body: CloseCompanyInput) {
    return this.closure.close(user, body);
  }

  /** Public, so <img> tags and PDFs can load it; the random file name changes with every upload. */
  @Public()
  @Get('logo/:file')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @Header('X-Content-Type-Options', 'nosniff')
  logoFile(@Param('file') file: string) {
    return this.companies.logoFile(file);
  }
}
