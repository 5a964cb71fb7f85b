import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { OutboxRelay } from '@zunft/nest-common';
import { AppModule } from '../app.module.js';
import { loadAuthConfig } from '../config/auth.config.js';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo-seed.js';

// `node dist/cli/seed-demo.js` with the service's environment.
const app = await NestFactory.createApplicationContext(AppModule.forRoot(loadAuthConfig()), {
  logger: ['error', 'warn'],
});
try {
  const { companyId, created } = await seedDemo(app);
  await app.get(OutboxRelay).flush();
  console.log(
    created.length
      ? `Demo company ${companyId}: created ${created.join(', ')} (password ${DEMO_PASSWORD})`
      : `Demo company ${companyId} already seeded; trial restarted (30 days).`,
  );
} finally {
  await app.close();
}
