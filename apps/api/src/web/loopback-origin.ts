/** Where the in-process site reaches this API: the address it listens on, or loopback for a wildcard. */
export function loopbackOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '' || host === 'localhost') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}
