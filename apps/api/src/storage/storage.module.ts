import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type StorageConfig } from '../config/app-config';
import { LocalStorageDriver } from './local-storage.driver';
import type * as S3Driver from './s3-storage.driver';
import { ScratchSpace } from './scratch-space';
import { STORAGE, type StorageDriver } from './storage-driver';

export function createStorageDriver(config: StorageConfig): StorageDriver {
  if (config.driver !== 's3') return new LocalStorageDriver(config.dir);
  // Loaded only for an S3 bucket: the AWS SDK is 2.8 MB of V8 heap that local uploads never use
  // (issue 29, docs/perf.md).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { S3StorageDriver } = require('./s3-storage.driver') as typeof S3Driver;
  return new S3StorageDriver(config);
}

/**
 * The one StorageDriver of the app, chosen by the configuration (S3_BUCKET set: S3; else
 * DATA_DIR/uploads), and the instance's scratch folder.
 */
@Module({
  providers: [
    ScratchSpace,
    {
      provide: STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): StorageDriver => {
        const driver = createStorageDriver(config.storage);
        new Logger('Storage').log(`Uploads are kept in the ${driver.description}`);
        return driver;
      },
    },
  ],
  exports: [STORAGE, ScratchSpace],
})
export class StorageModule {}
