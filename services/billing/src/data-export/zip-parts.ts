import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP written as it goes (fflate's streaming `Zip`): entries are added one after the other and the
 * compressed bytes are handed to `flush` in parts of `partBytes`, so neither the ZIP nor a table is
 * ever held whole in memory (a part and one page at most). CSV is deflated; PDFs and images, which
 * are compressed already, are stored as they are.
 */
export class ZipParts {
  private readonly zip: Zip;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private error: Error | null = null;
  private ended = false;
  private parts = 0;
  private size = 0;

  constructor(
    private readonly partBytes: number,
    private readonly flush: (part: Buffer, index: number) => Promise<void>,
  ) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.error = err;
        return;
      }
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      this.size += chunk.length;
      if (final) this.ended = true;
    });
  }

  /** Starts an entry; push its bytes with `write`, end it with `close`. */
  entry(name: string, compress: boolean): ZipEntryWriter {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(file);
    return {
      write: async (data: Uint8Array) => {
        file.push(data);
        await this.drain(false);
      },
      close: async () => {
        file.push(new Uint8Array(0), true);
        await this.drain(false);
      },
    };
  }

  /** A small entry in one go. */
  async add(name: string, data: Uint8Array, compress = true): Promise<void> {
    const e = this.entry(name, compress);
    await e.write(data);
    await e.close();
  }

  /** Ends the ZIP (central directory) and writes the last part; answers its size and part count. */
  async end(): Promise<{ sizeBytes: number; parts: number }> {
    this.zip.end();
    await this.drain(true);
    if (!this.ended) throw new Error('zip did not end');
    return { sizeBytes: this.size, parts: this.parts };
  }

  private async drain(all: boolean): Promise<void> {
    if (this.error) throw this.error;
    while (this.pendingBytes >= this.partBytes || (all && this.pendingBytes > 0)) {
      const joined = Buffer.concat(this.pending);
      const take = all ? Math.min(joined.length, this.partBytes) : this.partBytes;
      const part = joined.subarray(0, take);
      const rest = joined.subarray(take);
      this.pending = rest.length > 0 ? [rest] : [];
      this.pendingBytes = rest.length;
      this.parts += 1;
      await this.flush(Buffer.from(part), this.parts);
    }
  }
}

export interface ZipEntryWriter {
  write(data: Uint8Array): Promise<void>;
  close(): Promise<void>;
}
