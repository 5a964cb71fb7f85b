import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { DomainError } from '../errors/domain.error.js';
import { JwtStrategy } from './jwt.strategy.js';

const { publicKey } = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const strategy = new JwtStrategy(publicKey);
const id = '7f1c3a52-5d0e-4a43-9d7f-7f0a1c2b3d4e';
const payload = {
  sub: id,
  userId: id,
  companyId: '0b6f5b38-2f8e-4b7e-8d55-0c5a1d2e3f40',
  role: 'employee',
  subscriptionStatus: 'trial',
  trialEndsAt: null,
};

describe('JwtStrategy.validate: the verified user', () => {
  it("exposes the user's language (issue 15: servers answer in it)", () => {
    expect(strategy.validate({ ...payload, language: 'fr' })).toMatchObject({ userId: id, language: 'fr' });
    expect(strategy.validate({ ...payload, language: 'it' }).language).toBe('it');
  });

  it('accepts tokens issued before the claim existed (no language)', () => {
    expect(strategy.validate(payload).language).toBeUndefined();
  });

  it('refuses a language other than de, fr or it with the German 401', () => {
    let error: unknown;
    try {
      strategy.validate({ ...payload, language: 'en' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(401);
  });
});
