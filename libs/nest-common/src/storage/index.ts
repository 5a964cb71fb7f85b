export {
  FILE_STORAGE,
  assertValidStorageKey,
  type FileStorage,
  type PutFileMeta,
  type StoredFile,
  type StoredFileInfo,
} from './file-storage.js';
export { PostgresFileStorage } from './postgres-file-storage.js';
export { CreateStoredFiles1764200000050, STORAGE_MIGRATIONS } from './create-stored-files.migration.js';
export { StorageModule } from './storage.module.js';
