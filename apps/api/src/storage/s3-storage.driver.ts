import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { OnModuleDestroy } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { assertStorageKey, assertStoragePrefix, RangeNotSatisfiableError, resolveRange } from './storage-driver';
import type { PutOptions, RangeRequest, StorageDriver, StoredObject, StoredObjectInfo } from './storage-driver';

interface S3StorageOptions {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Size of the parts of a multipart upload (S3 wants at least 5 MiB but for the last). */
  partSize?: number;
}

interface S3Error {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3Error).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as S3Error).name ?? '') || statusOf(error) === 404;

/**
 * An S3-compatible bucket (AWS, MinIO, Ceph, R2, s3rver...), so that every API instance sees the
 * same uploads. A body of known size goes up in one PutObject; otherwise in parts of `partSize`
 * bytes, so memory holds one part at most whatever the file's size.
 */
export class S3StorageDriver implements StorageDriver, OnModuleDestroy {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? 8 * 1024 * 1024;
    this.description = `S3 bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's
      // default streaming checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredObjectInfo> {
    assertStorageKey(key);
    if (options.size !== undefined) {
      const result = await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: options.size, ContentType: options.contentType }),
      );
      return { size: options.size, etag: result.ETag ?? '""', lastModified: new Date() };
    }
    return this.putInParts(key, body, options.contentType);
  }

  private async putInParts(key: string, body: Readable, contentType: string): Promise<StoredObjectInfo> {
    let chunks: Buffer[] = [];
    let buffered = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const sendPart = async () => {
      const part = Buffer.concat(chunks, buffered);
      chunks = [];
      buffered = 0;
      if (!uploadId) {
        const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }));
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const result = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: part }));
      parts.push({ PartNumber, ETag: result.ETag });
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        buffered += chunk.length;
        size += chunk.length;
        if (buffered >= this.partSize) await sendPart();
      }
      if (!uploadId) {
        const result = await this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: Buffer.concat(chunks, buffered), ContentType: contentType }),
        );
        return { size, etag: result.ETag ?? '""', lastModified: new Date() };
      }
      if (buffered > 0) await sendPart();
      const done = await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
      return { size, etag: done.ETag ?? '""', lastModified: new Date() };
    } catch (error) {
      if (uploadId) {
        // Some S3-compatible servers do not implement the abort; their parts expire on their own.
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      }
      throw error;
    }
  }

  async get(key: string, range?: RangeRequest): Promise<StoredObject | null> {
    assertStorageKey(key);
    if (range && 'suffix' in range) {
      // Not every S3-compatible server reads suffix ranges (bytes=-n) right: ask for explicit bytes.
      const stat = await this.stat(key);
      if (!stat) return null;
      range = resolveRange(range, stat.size);
    }
    const header = range && !('suffix' in range) ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: header }));
      const body = result.Body as Readable;
      const info = { etag: result.ETag ?? '""', lastModified: result.LastModified ?? new Date(0) };
      const match = result.ContentRange ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(result.ContentRange) : null;
      if (range && match) return { ...info, size: Number(match[3]), body, range: { start: Number(match[1]), end: Number(match[2]) } };
      if (range) {
        // A server that ignored the Range header sent everything: serve it as such.
        const size = result.ContentLength ?? 0;
        return { ...info, size, body, range: { start: 0, end: size - 1 } };
      }
      return { ...info, size: result.ContentLength ?? 0, body };
    } catch (error) {
      if (isMissing(error)) return null;
      if (statusOf(error) === 416) {
        const stat = await this.stat(key);
        if (!stat) return null;
        throw new RangeNotSatisfiableError(stat.size);
      }
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: result.ContentLength ?? 0, etag: result.ETag ?? '""', lastModified: result.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertStoragePrefix(prefix);
    let count = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
      if (keys.length) {
        const result = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
        );
        if (result.Errors?.length)
          throw new Error(`Could not delete ${result.Errors.length} object(s) under ${prefix}: ${result.Errors[0].Message ?? result.Errors[0].Code}`);
        count += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return count;
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }
}
