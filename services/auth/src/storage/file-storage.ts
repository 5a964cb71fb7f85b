import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk now; an S3-compatible store can implement the same interface. */
export abstract class FileStorage {
  abstract put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when there is none. */
  abstract open(key: string): Promise<{ stream: Readable; size: number } | null>;
  abstract delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments (`logos/ab12….png`); anything else is refused. */
const safeKey = /^[a-z0-9_-]+(\/[A-Za-z0-9_-]+(\.[a-z0-9]{1,5})?)+$/;

export class LocalDiskStorage extends FileStorage {
  constructor(private readonly rootDir: string) {
    super();
  }

  private resolve(key: string): string {
    if (!safeKey.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.rootDir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
  }

  async open(key: string) {
    const file = this.resolve(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }
}
