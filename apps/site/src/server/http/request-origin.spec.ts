import type { IncomingMessage } from 'node:http';
import { requestOrigin, trustLoopbackProxy } from './request-origin';

const request = (headers: IncomingMessage['headers'], socket: { remoteAddress?: string; encrypted?: boolean } = { remoteAddress: '203.0.113.9' }) =>
  ({ headers, socket }) as unknown as IncomingMessage;
const allowed = new Set(['example.test', 'example.test:3000', '[::1]:3000']);
const never = () => false;
const always = () => true;

describe('requestOrigin', () => {
  it('builds the origin from an allowed Host and the connection', () => {
    expect(requestOrigin(request({ host: 'Example.test:3000' }), allowed, never)).toBe('http://example.test:3000');
    expect(requestOrigin(request({ host: 'example.test' }, { encrypted: true }), allowed, never)).toBe('https://example.test');
    expect(requestOrigin(request({ host: '[::1]:3000' }), allowed, never)).toBe('http://[::1]:3000');
  });

  it('follows a trusted proxy that terminated TLS (its own entry, the last), and ignores an untrusted one', () => {
    expect(requestOrigin(request({ host: 'example.test', 'x-forwarded-proto': 'http, https' }), allowed, always)).toBe('https://example.test');
    expect(requestOrigin(request({ host: 'example.test', 'x-forwarded-proto': 'javascript' }), allowed, always)).toBe('http://example.test');
    expect(requestOrigin(request({ host: 'example.test', 'x-forwarded-proto': 'https' }), allowed, never)).toBe('http://example.test');
  });

  it('names no origin for a Host that is not allowed, or not a host name', () => {
    expect(requestOrigin(request({}), allowed, always)).toBeNull();
    expect(requestOrigin(request({ host: 'evil.example' }), allowed, always)).toBeNull();
    expect(requestOrigin(request({ host: 'example.test:3001' }), allowed, always)).toBeNull();
    expect(requestOrigin(request({ host: 'a.test"><script>' }), allowed, always)).toBeNull();
    expect(requestOrigin(request({ host: 'example.test/x' }), allowed, always)).toBeNull();
  });

  it('trusts X-Forwarded-Proto from loopback alone by default', () => {
    expect(trustLoopbackProxy(request({}, { remoteAddress: '127.0.0.1' }))).toBe(true);
    expect(trustLoopbackProxy(request({}, { remoteAddress: '::ffff:127.0.0.1' }))).toBe(true);
    expect(trustLoopbackProxy(request({}, { remoteAddress: '::1' }))).toBe(true);
    expect(trustLoopbackProxy(request({}, { remoteAddress: '10.0.0.2' }))).toBe(false);
  });
});
