import { PayloadTooLargeException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBlob } from 'file-type/core';
import { openAsBlob } from 'node:fs';
import * as fs from 'node:fs/promises';
import type sharp from 'sharp';
import type { ImageBudget } from './image-budget';
import { ACCEPTED_LABELS, mediaTypeOfMime, type MediaType } from './media-types';
import { loadSharp } from './sharp';
import { looksLikeSvg, sanitizeSvg, SvgRefusedError } from './svg-sanitizer';

/** SVGs are parsed in memory, so they get a limit of their own. */
const SVG_MAX_BYTES = 5 * 1024 * 1024;

/** sharp's name for each raster type. */
const SHARP_FORMATS: Record<string, keyof sharp.FormatEnum> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

export interface PreparedMedia {
  /** The file to store. */
  path: string;
  size: number;
  width: number | null;
  height: number | null;
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await fs.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The type of a file from its bytes (never from its name or the declared Content-Type); 415 when not accepted. */
export async function sniffMediaType(filePath: string): Promise<MediaType> {
  const detected = await fileTypeFromBlob(await openAsBlob(filePath));
  if (detected && detected.mime !== 'application/xml') {
    const type = mediaTypeOfMime(detected.mime);
    if (!type) throw new UnsupportedMediaTypeException(`This file is ${detected.mime} (.${detected.ext}), which is not accepted: upload ${ACCEPTED_LABELS}`);
    return type;
  }
  if (looksLikeSvg((await readHead(filePath, 4096)).toString('utf8'))) return mediaTypeOfMime('image/svg+xml')!;
  throw new UnsupportedMediaTypeException(`The type of this file could not be recognised from its content: upload ${ACCEPTED_LABELS}`);
}

/** Width, height, frames and format, read from the header only (nothing is decoded). */
export async function readImageHeader(input: string | Buffer): Promise<sharp.Metadata | null> {
  try {
    return await loadSharp()(input, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
}

/** How many pixels decoding would produce, all frames together. */
export function pixelCount(meta: sharp.Metadata): number {
  return (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1);
}

export function assertPixelLimit(meta: sharp.Metadata, maxPixels: number): void {
  const pixels = pixelCount(meta);
  if (pixels <= maxPixels) return;
  const frames = (meta.pages ?? 1) > 1 ? ` in ${meta.pages} frames` : '';
  throw new UnprocessableEntityException(
    `The image is ${meta.width}×${meta.pageHeight ?? meta.height} pixels${frames} (${pixels.toLocaleString('en')} pixels); at most ${maxPixels.toLocaleString('en')} are accepted`,
  );
}

/**
 * Decodes a raster image and encodes it again in its own format: what is stored is pixels that
 * sharp wrote, without EXIF or other metadata (turned upright first), after checking from the
 * header alone that decoding stays within `maxPixels`.
 */
export async function prepareRaster(input: string, output: string, type: MediaType, maxPixels: number, budget: ImageBudget): Promise<PreparedMedia> {
  const meta = await readImageHeader(input);
  if (!meta || meta.format !== SHARP_FORMATS[type.ext] || !meta.width || !meta.height) {
    throw new UnprocessableEntityException(`This file could not be read as a ${type.label} image`);
  }
  assertPixelLimit(meta, maxPixels);
  const animated = (meta.pages ?? 1) > 1 && (type.ext === 'gif' || type.ext === 'webp');
  let image = loadSharp()(input, { limitInputPixels: maxPixels, sequentialRead: true, animated, failOn: 'error' }).autoOrient();
  switch (type.ext) {
    case 'jpg':
      // Without Huffman optimisation libjpeg writes rows as they come instead of holding every
      // coefficient of the image (7 bytes a pixel): a few percent larger, memory flat.
      image = image.jpeg({ quality: 90, optimiseCoding: false });
      break;
    case 'png':
      image = image.png({ palette: meta.isPalette === true });
      break;
    case 'webp':
      image = image.webp({ quality: 90 });
      break;
    case 'gif':
      image = image.gif();
      break;
    case 'avif':
      image = image.avif({ quality: 70, effort: 2 });
      break;
  }
  try {
    const info = await budget.run(pixelCount(meta), () => image.toFile(output));
    return { path: output, size: info.size, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    await fs.rm(output, { force: true });
    throw new UnprocessableEntityException(`This ${type.label} image could not be decoded: it may be damaged or cut short`);
  }
}

/** Rebuilds an SVG from the allow-lists of svg-sanitizer.ts (or refuses it) and reads its declared size. */
export async function prepareSvg(input: string, output: string, size: number): Promise<PreparedMedia> {
  if (size > SVG_MAX_BYTES) throw new PayloadTooLargeException(`SVG files may be at most ${SVG_MAX_BYTES / 1024 / 1024} MB`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await fs.readFile(input));
  } catch {
    throw new UnprocessableEntityException('This SVG is not written in UTF-8');
  }
  let clean: Buffer;
  try {
    clean = Buffer.from(sanitizeSvg(text.replace(/^\uFEFF/, '')), 'utf8');
  } catch (error) {
    if (error instanceof SvgRefusedError) throw new UnprocessableEntityException(error.message);
    throw error;
  }
  const meta = await readImageHeader(clean);
  if (!meta || meta.format !== 'svg') throw new UnprocessableEntityException('This SVG could not be read as an image');
  await fs.writeFile(output, clean);
  return { path: output, size: clean.length, width: meta.width ?? null, height: meta.height ?? null };
}

/** An icon file as uploaded; its directory gives the size of its largest image. */
export async function prepareIcon(input: string, size: number): Promise<PreparedMedia> {
  const head = await readHead(input, 6 + 16 * 64);
  const count = head.length >= 6 && head.readUInt16LE(0) === 0 && head.readUInt16LE(2) === 1 ? head.readUInt16LE(4) : 0;
  let width = 0;
  let height = 0;
  for (let i = 0; i < count && 6 + 16 * (i + 1) <= head.length; i++) {
    const w = head[6 + 16 * i] || 256;
    const h = head[7 + 16 * i] || 256;
    if (w * h > width * height) [width, height] = [w, h];
  }
  if (!width) throw new UnprocessableEntityException('This icon file has no image in it');
  return { path: input, size, width, height };
}
