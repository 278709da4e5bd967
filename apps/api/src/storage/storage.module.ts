import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type StorageConfig } from '../config/app-config';
import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import { ScratchSpace } from './scratch-space';
import { STORAGE, type StorageDriver } from './storage-driver';

export function createStorageDriver(config: StorageConfig): StorageDriver {
  return config.driver === 's3' ? new S3StorageDriver(config) : new LocalStorageDriver(config.dir);
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
