import { Controller, HttpCode, Post } from '@nestjs/common';
import { verifyEmailRequestSchema, type AccessTokenClaims, type VerifyEmailRequest } from '@zunft/contracts';
import { AllowWithoutPayment, CurrentUser, Public, Roles, ZodBody } from '@zunft/nest-common';
import { EmailVerificationService } from './email-verification.service.js';

/** The owner's e-mail address: the link's landing page posts its token; admins ask for a new link. */
@Controller('auth/verify-email')
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  @Public()
  @Post()
  @HttpCode(200)
  verify(@ZodBody(verifyEmailRequestSchema) body: VerifyEmailRequest) {
    return this.verification.verify(body.token);
  }

  @Roles('admin')
  @AllowWithoutPayment()
  @Post('resend')
  @HttpCode(200)
  resend(@CurrentUser() user: AccessTokenClaims) {
    return this.verification.resend(user);
  }
}
