/**
 * Where uploaded objects live: the local folder DATA_DIR/uploads by
 * default (one machine), or any S3-compatible service (STORAGE=s3) so several app processes on
 * several machines serve the same photos. The app streams objects to the browser itself, so
 * URLs stay /api/uploads/<sha256>.webp whichever store is behind them.
 *
 * Keys are plain names (`<sha256>.webp`); callers check them before they get here.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Writes the object whole (a reader never sees half of it); replaces one with the same key. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object (for the start-up backfill of the uploads table). */
  list(): AsyncIterable<ObjectInfo>;
  close(): Promise<void>;
}

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export type StorageSettings = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Settings);

export function createObjectStore(settings: StorageSettings): ObjectStore {
  return settings.kind === 's3' ? new S3Store(settings) : new LocalStore(settings.dir);
}

/** The content type a key stands for (only WebP photos are stored today). */
export function contentTypeOf(key: string): string {
  return key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream';
}

export class LocalStore implements ObjectStore {
  readonly kind = 'local' as const;
  constructor(readonly dir: string) {}

  private file(key: string): string {
    if (key.includes('/') || key.includes('\\') || key.startsWith('.')) throw new Error(`bad object key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(this.dir, { recursive: true });
    // A temporary name first, then rename: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, file);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fs.promises.stat(this.file(key));
      return stat.isFile() ? { key, size: stat.size, contentType: contentTypeOf(key) } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.head(key);
    if (!info) return null;
    return { ...info, body: fs.createReadStream(this.file(key)) };
  }

  async delete(key: string): Promise<void> {
    try {
      await fs.promises.unlink(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  async *list(): AsyncIterable<ObjectInfo> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const name of names) {
      if (name.endsWith('.tmp')) continue;
      const info = await this.head(name);
      if (info) yield info;
    }
  }

  async close(): Promise<void> {}
}

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s: S3Settings) {
    this.bucket = s.bucket;
    this.client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials:
        s.accessKeyId && s.secretAccessKey
          ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
          : undefined,
      // Only what the SDK must send: some S3-compatible services refuse the newer checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType }),
    );
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: res.ContentLength ?? 0, contentType: res.ContentType ?? contentTypeOf(key) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      return {
        key,
        size: res.ContentLength ?? 0,
        contentType: res.ContentType ?? contentTypeOf(key),
        body: res.Body instanceof Readable ? res.Body : Readable.fromWeb(res.Body.transformToWebStream() as never),
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!notFound(err)) throw err;
    }
  }

  async *list(): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      const res = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const o of res.Contents ?? [])
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, contentType: contentTypeOf(o.Key) };
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
