import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Files older than this in the scratch folder were left by a process that stopped mid-way. */
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * DATA_DIR/tmp: where uploads land before they are checked and stored, and where variants are
 * rendered. Local to each instance, whatever the storage driver.
 */
@Injectable()
export class ScratchSpace implements OnModuleInit {
  readonly dir: string;
  private readonly logger = new Logger(ScratchSpace.name);

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = path.join(config.dataDir, 'tmp');
  }

  async onModuleInit(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const now = Date.now();
    for (const name of await fs.readdir(this.dir)) {
      const file = path.join(this.dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_MS) {
        await fs.rm(file, { recursive: true, force: true });
        this.logger.log(`Removed the stale scratch file ${name}`);
      }
    }
  }

  /** A new path in the scratch folder (nothing is created). */
  path(prefix: string): string {
    return path.join(this.dir, `${prefix}-${randomBytes(16).toString('hex')}`);
  }

  async remove(...paths: string[]): Promise<void> {
    await Promise.all(paths.map((p) => fs.rm(p, { force: true })));
  }
}
