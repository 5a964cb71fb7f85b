/**
 * Logos live in the auth database through the shared FileStorage (`stored_files`, issue 9), not on
 * local disk. `companies.logo_path` keeps the short form `logos/<32 hex>.<ext>` (its file name is
 * the public, unguessable URL part); the storage key puts the owning company in front, so every
 * file sits under its company's prefix.
 */
export const LOGO_PATH_PATTERN = /^logos\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

export function logoStorageKey(companyId: string, logoPath: string): string {
  return `${companyId}/${logoPath}`;
}
