import { randomBytes } from 'node:crypto';

/** Names this run, for the template database its test files share on a server (database-snapshots.ts); workers inherit it. */
export default function globalSetup(): void {
  process.env.CMS_TEST_RUN ??= `${process.pid}_${randomBytes(3).toString('hex')}`;
}
