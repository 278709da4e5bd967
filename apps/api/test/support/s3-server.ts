import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import S3rver from 's3rver';
import { S3StorageDriver } from '../../src/storage/s3-storage.driver';

type S3DriverOptions = ConstructorParameters<typeof S3StorageDriver>[0];

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The variables that point the app at this server. */
  env: Record<string, string>;
  /** The app's S3 driver on this server's bucket (path-style, as s3rver needs), with `options` on top. */
  driver(options?: Partial<S3DriverOptions>): S3StorageDriver;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, keeping its objects in a temporary folder. */
export async function startS3Server(bucket = 'cms-media'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    ...credentials,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    driver: (options = {}) => new S3StorageDriver({ bucket, endpoint, region: 'us-east-1', ...credentials, forcePathStyle: true, ...options }),
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
