import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A fresh ES256 (P-256) key pair as PEM: PKCS#8 private key, SPKI public key. */
export function generateKeyPairPem(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * Writes `jwt-private.pem` and `jwt-public.pem` to `dir`, unless both exist (then they are kept, so
 * issued tokens stay valid across restarts; `--force` replaces them).
 */
export function writeKeyPair(
  dir: string,
  force = false,
): { privateKeyFile: string; publicKeyFile: string; created: boolean } {
  const privateKeyFile = path.resolve(dir, 'jwt-private.pem');
  const publicKeyFile = path.resolve(dir, 'jwt-public.pem');
  if (!force && existsSync(privateKeyFile) && existsSync(publicKeyFile))
    return { privateKeyFile, publicKeyFile, created: false };
  mkdirSync(path.dirname(privateKeyFile), { recursive: true });
  const pair = generateKeyPairPem();
  writeFileSync(privateKeyFile, pair.privateKey, { mode: 0o600 });
  writeFileSync(publicKeyFile, pair.publicKey, { mode: 0o644 });
  return { privateKeyFile, publicKeyFile, created: true };
}

// `node dist/cli/generate-keys.js [dir] [--force]` (default dir: var/keys)
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--')) ?? 'var/keys';
  const result = writeKeyPair(dir, args.includes('--force'));
  console.log(result.created ? 'Generated ES256 key pair:' : 'Key pair already exists (use --force to replace):');
  console.log(`JWT_PRIVATE_KEY_FILE=${result.privateKeyFile}`);
  console.log(`JWT_PUBLIC_KEY_FILE=${result.publicKeyFile}`);
}
