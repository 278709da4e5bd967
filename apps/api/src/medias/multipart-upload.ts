import { BadRequestException, HttpException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';

interface ReceivedUpload {
  /** The file's bytes, in a temporary file the caller removes. */
  tempPath: string;
  size: number;
  /** As the client sent it (path included, when it sent one); never used to name anything stored. */
  filename: string;
  /** The other form fields, in order. */
  fields: [string, string][];
}

interface UploadLimits {
  maxBytes: number;
  tmpDir: string;
  /** The form field holding the file. */
  fileField: string;
}

/** Room for the multipart boundaries and the small fields around the file. */
const FORM_OVERHEAD = 256 * 1024;

/**
 * Streams a multipart/form-data request to a temporary file with busboy: memory holds a chunk at a
 * time whatever the file's size. Exactly one file is accepted, in `fileField`, and at most
 * `maxBytes` of it. On any failure the partial file is removed, the rest of the request is read
 * and discarded (so the client receives the answer), and the promise rejects with a 4xx.
 */
export function receiveUpload(req: IncomingMessage, limits: UploadLimits): Promise<ReceivedUpload> {
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let settled = false;
    let parser: busboy.Busboy | undefined;
    let file: { tempPath: string; filename: string; out: WriteStream; written: Promise<number> } | undefined;
    const fields: [string, string][] = [];

    const fail = (error: HttpException) => {
      if (settled) return;
      settled = true;
      if (parser) req.unpipe(parser);
      req.resume();
      const pending = file;
      if (!pending) return reject(error);
      pending.out.destroy();
      // Once the write stream has closed, nothing can recreate the file after its removal.
      void pending.written
        .catch(() => undefined)
        .then(() => fs.rm(pending.tempPath, { force: true }))
        .finally(() => reject(error));
    };

    const contentType = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data\s*;/i.test(contentType)) {
      return fail(new UnsupportedMediaTypeException(`Send the file as multipart/form-data, in the field "${limits.fileField}"`));
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBytes + FORM_OVERHEAD) {
      return fail(tooLarge(limits.maxBytes));
    }
    try {
      parser = busboy({
        headers: req.headers,
        preservePath: true,
        // Browsers send file names as UTF-8 (busboy assumes Latin-1 otherwise).
        defParamCharset: 'utf8',
        limits: { fileSize: limits.maxBytes, files: 1, fields: 20, parts: 21, fieldSize: 16 * 1024, fieldNameSize: 100, headerPairs: 20 },
      });
    } catch (error) {
      return fail(new BadRequestException(`The multipart body cannot be read: ${(error as Error).message}`));
    }

    // busboy reports a part whose Content-Disposition has no name with an undefined name: reading
    // it as a string threw inside the parser's event and the request never got an answer.
    const unnamed = () => fail(new BadRequestException('A part of the multipart body has no name: its Content-Disposition needs name="..."'));
    parser.on('file', (name: string | undefined, stream, info) => {
      if (typeof name !== 'string') {
        stream.resume();
        return unnamed();
      }
      if (settled || file || name !== limits.fileField) {
        stream.resume();
        if (name !== limits.fileField)
          fail(new BadRequestException(`Unexpected file field "${name.slice(0, 100)}": send the file in the field "${limits.fileField}"`));
        return;
      }
      const tempPath = path.join(limits.tmpDir, `upload-${randomBytes(16).toString('hex')}`);
      const out = createWriteStream(tempPath, { flags: 'wx' });
      stream.on('limit', () => fail(tooLarge(limits.maxBytes)));
      file = { tempPath, filename: info.filename ?? '', out, written: pipeline(stream, out).then(() => out.bytesWritten) };
      file.written.catch(() => undefined);
    });
    parser.on('field', (name: string | undefined, value, info) => {
      if (typeof name !== 'string') return unnamed();
      if (info.nameTruncated || info.valueTruncated) return fail(new BadRequestException(`The field "${name.slice(0, 100)}" is too long`));
      fields.push([name, value]);
    });
    parser.on('filesLimit', () => fail(new BadRequestException('Send one file per upload')));
    parser.on('fieldsLimit', () => fail(new BadRequestException('Too many form fields')));
    parser.on('partsLimit', () => fail(new BadRequestException('Too many form parts')));
    parser.on('error', (error: Error) => fail(new BadRequestException(`The multipart body is malformed or cut short: ${error.message}`)));
    parser.on('close', () => {
      if (settled) return;
      if (!file) return fail(new BadRequestException(`No file: send it in the multipart field "${limits.fileField}"`));
      const done = file;
      done.written.then(
        (size) => {
          if (settled) return;
          settled = true;
          resolve({ tempPath: done.tempPath, size, filename: done.filename, fields });
        },
        (error: Error) => fail(new BadRequestException(`The upload could not be received: ${error.message}`)),
      );
    });
    req.on('close', () => {
      if (!req.complete) fail(new BadRequestException('The upload was interrupted before it ended'));
    });
    req.pipe(parser);
  });
}

function tooLarge(maxBytes: number): PayloadTooLargeException {
  return new PayloadTooLargeException(`Files may be at most ${Math.round(maxBytes / 1024 / 1024)} MB (UPLOAD_MAX_MB)`);
}
