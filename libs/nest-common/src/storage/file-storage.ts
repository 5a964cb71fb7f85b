import type { EntityManager } from 'typeorm';

/**
 * Files without local disk (issue 9): one interface every service stores its files through
 * (report photos and thumbnails, sealed PDFs, later logos and receipts). Keys are chosen by the
 * caller, scoped by the owning company, e.g. `<companyId>/reports/<reportId>/images/<imageId>`.
 * A driver may keep the bytes anywhere (PostgreSQL today, an object store later); callers only
 * see this interface. `manager` lets a write join the caller's database transaction where the
 * driver supports it (the PostgreSQL driver does; an object-store driver ignores it).
 */
export interface FileStorage {
  /** Stores (or replaces) the file under `key`. */
  put(key: string, data: Buffer, meta: PutFileMeta, manager?: EntityManager): Promise<StoredFileInfo>;
  /** The file with its metadata, null when there is none. */
  get(key: string, manager?: EntityManager): Promise<StoredFile | null>;
  /** Metadata only (no bytes), null when there is none. */
  head(key: string, manager?: EntityManager): Promise<StoredFileInfo | null>;
  /** Removes the file; true when it existed. */
  delete(key: string, manager?: EntityManager): Promise<boolean>;
  /** Removes every file whose key starts with `prefix` (e.g. all files of a report); returns the count. */
  deletePrefix(prefix: string, manager?: EntityManager): Promise<number>;
}

export interface PutFileMeta {
  /** MIME type, e.g. image/jpeg, application/pdf. */
  contentType: string;
  /** The owning company (kept for audits and per-company clean-up). */
  companyId: string;
}

export interface StoredFileInfo {
  key: string;
  contentType: string;
  /** Bytes. */
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  companyId: string;
  createdAt: string;
}

export interface StoredFile extends StoredFileInfo {
  data: Buffer;
}

/** Nest injection token of the service's FileStorage. */
export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys: printable, no `..`, at most 500 characters (checked by every driver). */
export function assertValidStorageKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,499}$/.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
