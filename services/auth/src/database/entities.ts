import { CompanySettingsEntity } from '../companies/company-settings.entity.js';
import { CompanyEntity } from '../companies/company.entity.js';
import { RefreshTokenEntity } from '../sessions/refresh-token.entity.js';
import { SuperAdminTokenEntity } from '../auth/superadmin-token.entity.js';
import { LoginThrottleEntity } from '../auth/login-throttle.entity.js';
import { AuditLogEntity } from '../audit/audit-log.entity.js';
import { CraftsmanCategoryEntity } from '../users/craftsman-category.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { UserInvitationEntity } from '../memberships/user-invitation.entity.js';
import { StripeEventEntity } from '../subscriptions/stripe-event.entity.js';
import { SubscriptionPaymentEntity } from '../subscriptions/subscription-payment.entity.js';
import { SubscriptionStateEntity } from '../subscriptions/subscription-state.entity.js';

export const AUTH_ENTITIES = [
  CompanyEntity,
  CompanySettingsEntity,
  UserEntity,
  CraftsmanCategoryEntity,
  RefreshTokenEntity,
  SuperAdminTokenEntity,
  SubscriptionStateEntity,
  SubscriptionPaymentEntity,
  StripeEventEntity,
  LoginThrottleEntity,
  AuditLogEntity,
  UserInvitationEntity,
];
