import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';

/**
 * The server side of PostgreSQL's password sign-in (SCRAM-SHA-256, RFC 5802/7677, the method
 * PostgreSQL itself uses by default), for the embedded database: PGlite accepts any user and any
 * password on its wire protocol, so this runs in front of it on every new connection. Once the
 * client has proved it knows the password, the socket goes on to PGlite, which answers the startup
 * message as it always did (AuthenticationOk, parameters, ReadyForQuery).
 */

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** PostgreSQL refuses startup packets past 10,000 bytes; SASL messages are far smaller still. */
const MAX_MESSAGE_BYTES = 10_000;
const ITERATIONS = 4096;
const MECHANISM = 'SCRAM-SHA-256';

interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** What the server keeps of a password (computed once: PBKDF2 is slow by design). */
export function scramVerifier(password: string): ScramVerifier {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, ITERATIONS, 32, 'sha256');
  return {
    salt,
    iterations: ITERATIONS,
    storedKey: createHash('sha256').update(hmac(salted, 'Client Key')).digest(),
    serverKey: hmac(salted, 'Server Key'),
  };
}

export class ScramRefusal extends Error {
  constructor(
    message: string,
    readonly sqlState = '28P01',
  ) {
    super(message);
  }
}

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function authentication(code: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const body = Buffer.alloc(4 + data.length);
  body.writeInt32BE(code, 0);
  data.copy(body, 4);
  return message('R', body);
}

/** An ErrorResponse, so that the client reports why instead of "connection terminated". */
export function errorResponse(sqlState: string, text: string): Buffer {
  const fields = [`SFATAL`, `VFATAL`, `C${sqlState}`, `M${text}`].map((field) => Buffer.from(`${field}\0`, 'utf8'));
  return message('E', Buffer.concat([...fields, Buffer.from([0])]));
}

/** Reads whole protocol messages off a socket, in order, with a bound on their size. */
class MessageReader {
  private buffered = Buffer.alloc(0);
  private waiting: { typed: boolean; resolve: (message: { type: string; body: Buffer; raw: Buffer }) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.on('error', this.onEnd);
    socket.on('close', this.onEnd);
  }

  private readonly onData = (chunk: Buffer) => {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    this.settle();
  };

  private readonly onEnd = (error?: unknown) => {
    this.failure = error instanceof Error ? error : new Error('The client closed the connection');
    this.settle();
  };

  private settle(): void {
    if (!this.waiting) return;
    const { typed, resolve, reject } = this.waiting;
    const offset = typed ? 1 : 0;
    if (this.buffered.length >= offset + 4) {
      const length = this.buffered.readInt32BE(offset);
      if (length < 4 || length > MAX_MESSAGE_BYTES) {
        this.waiting = null;
        return reject(new ScramRefusal('invalid message length', '08P01'));
      }
      if (this.buffered.length >= offset + length) {
        const raw = this.buffered.subarray(0, offset + length);
        this.buffered = this.buffered.subarray(offset + length);
        this.waiting = null;
        return resolve({ type: typed ? String.fromCharCode(raw[0]) : '', body: raw.subarray(offset + 4), raw });
      }
    }
    if (this.failure) {
      this.waiting = null;
      reject(this.failure);
    }
  }

  /** The next message: a startup-phase one (no type byte) or a typed one. */
  next(typed: boolean): Promise<{ type: string; body: Buffer; raw: Buffer }> {
    return new Promise((resolve, reject) => {
      this.waiting = { typed, resolve, reject };
      this.settle();
    });
  }

  /** Stops reading and gives back what arrived beyond the last message read. */
  release(): Buffer {
    this.socket.pause();
    this.socket.off('data', this.onData);
    this.socket.off('error', this.onEnd);
    this.socket.off('close', this.onEnd);
    return this.buffered;
  }
}

function attributes(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of text.split(',')) {
    const equals = part.indexOf('=');
    if (equals === 1) map.set(part[0], part.slice(2));
  }
  return map;
}

/**
 * Runs the startup phase on a new connection: answers SSL and GSS encryption requests with "no",
 * asks for SCRAM-SHA-256 and checks the client's proof. Resolves with the bytes to hand to PGlite
 * (the startup message, then anything the client sent after it); rejects with a ScramRefusal after
 * telling the client why, or with the socket's own error.
 */
export async function authenticate(socket: Socket, verifier: ScramVerifier): Promise<Buffer> {
  const reader = new MessageReader(socket);
  try {
    let startup: Buffer;
    for (;;) {
      const packet = await reader.next(false);
      const code = packet.body.length >= 4 ? packet.body.readInt32BE(0) : -1;
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        socket.write('N');
        continue;
      }
      if (code === CANCEL_REQUEST) throw new ScramRefusal('cancel requests are not supported', '0A000');
      if (code !== PROTOCOL_3) throw new ScramRefusal('unsupported frontend protocol', '0A000');
      startup = Buffer.from(packet.raw);
      break;
    }

    socket.write(authentication(10, Buffer.from(`${MECHANISM}\0\0`, 'latin1')));
    const initial = await reader.next(true);
    if (initial.type !== 'p') throw new ScramRefusal('expected a SASL response', '08P01');
    const nameEnd = initial.body.indexOf(0);
    if (nameEnd < 0 || initial.body.subarray(0, nameEnd).toString('latin1') !== MECHANISM || initial.body.length < nameEnd + 5) {
      throw new ScramRefusal(`only ${MECHANISM} is supported`);
    }
    const clientFirst = initial.body.subarray(nameEnd + 5).toString('utf8');
    // No channel binding here (no TLS on the loopback): "n" (client cannot) or "y" (client could).
    const gs2 = /^([ny]),,/.exec(clientFirst);
    if (!gs2) throw new ScramRefusal('channel binding is not supported');
    const clientFirstBare = clientFirst.slice(gs2[0].length);
    const clientNonce = attributes(clientFirstBare).get('r');
    if (!clientNonce) throw new ScramRefusal('the SASL message has no nonce', '08P01');

    const nonce = clientNonce + randomBytes(18).toString('base64');
    const serverFirst = `r=${nonce},s=${verifier.salt.toString('base64')},i=${verifier.iterations}`;
    socket.write(authentication(11, Buffer.from(serverFirst, 'utf8')));

    const final = await reader.next(true);
    if (final.type !== 'p') throw new ScramRefusal('expected a SASL response', '08P01');
    const clientFinal = final.body.toString('utf8');
    const proofAt = clientFinal.lastIndexOf(',p=');
    if (proofAt < 0) throw new ScramRefusal('the SASL message has no proof', '08P01');
    const withoutProof = clientFinal.slice(0, proofAt);
    const fields = attributes(withoutProof);
    if (fields.get('r') !== nonce || fields.get('c') !== Buffer.from(gs2[0], 'latin1').toString('base64')) {
      throw new ScramRefusal('the SASL exchange does not match');
    }
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64');
    const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
    const signature = hmac(verifier.storedKey, authMessage);
    if (proof.length !== signature.length) throw new ScramRefusal('password authentication failed');
    const clientKey = Buffer.from(proof.map((byte, index) => byte ^ signature[index]));
    if (!timingSafeEqual(createHash('sha256').update(clientKey).digest(), verifier.storedKey)) {
      throw new ScramRefusal('password authentication failed');
    }
    socket.write(authentication(12, Buffer.from(`v=${hmac(verifier.serverKey, authMessage).toString('base64')}`, 'utf8')));
    return Buffer.concat([startup, reader.release()]);
  } catch (error) {
    reader.release();
    // As PostgreSQL does after a FATAL error: say why, then close without waiting for the client.
    if (error instanceof ScramRefusal && !socket.destroyed) socket.end(errorResponse(error.sqlState, error.message), () => socket.destroy());
    else socket.destroy();
    throw error;
  }
}
