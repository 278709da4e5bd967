import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * Decoding an image costs memory in proportion to its pixels (WebP, AVIF and GIF are decoded
 * whole), so image work is admitted against a budget of UPLOAD_MAX_PIXELS pixels in flight: many
 * small images at once, one of the largest at a time. Memory stays bounded whatever the number of
 * uploads and variant requests arriving together.
 */
@Injectable()
export class ImageBudget {
  private readonly capacity: number;
  private inUse = 0;
  private readonly waiting: { cost: number; start: () => void }[] = [];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.capacity = config.uploadMaxPixels;
  }

  async run<T>(pixels: number, work: () => Promise<T>): Promise<T> {
    const cost = Math.min(Math.max(1, pixels), this.capacity);
    if (this.waiting.length === 0 && this.inUse + cost <= this.capacity) this.inUse += cost;
    else await new Promise<void>((start) => this.waiting.push({ cost, start }));
    try {
      return await work();
    } finally {
      this.inUse -= cost;
      while (this.waiting.length && this.inUse + this.waiting[0].cost <= this.capacity) {
        const next = this.waiting.shift()!;
        this.inUse += next.cost;
        next.start();
      }
    }
  }
}
