// Splits the browser test files between the shards of tools/e2e.mjs so that each shard takes about
// as long: Jest's own --shard splits by a hash of the paths, which can put the slowest files in one
// shard. Each file weighs the seconds it took; a file not listed weighs by its size. The heaviest go first, each to the lightest shard so far.
const Sequencer = require('@jest/test-sequencer').default;
const fs = require('node:fs');
const path = require('node:path');

/**
 * Seconds each file took in CI (two shards beside the second pass, a fresh clone, 2026-11-28, on a
 * machine about half as fast as the one of the earlier figures): files under 3 s weigh 3. A file
 * not listed weighs by its size.
 */
const SECONDS = {
  'admin/i18n.e2e.ts': 118,
  'admin/accessibility.e2e.ts': 104,
  'admin/drafts.e2e.ts': 86,
  'site/demo-site.e2e.ts': 77,
  'admin/containers-contents.e2e.ts': 66,
  'admin/history.e2e.ts': 60,
  'admin/accounts.e2e.ts': 52,
  'admin/auth.e2e.ts': 49,
  'admin/webhooks.e2e.ts': 47,
  'admin/blocks.e2e.ts': 43,
  'admin/open-redirect.e2e.ts': 43,
  'site/cms-pages.e2e.ts': 42,
  'admin/page-tree.e2e.ts': 38,
  'site/form-visitor-address.e2e.ts': 37,
  'admin/container-workbench.e2e.ts': 36,
  'admin/back-office.e2e.ts': 34,
  'admin/keyboard.e2e.ts': 34,
  'admin/medias.e2e.ts': 32,
  'admin/forms-messages.e2e.ts': 29,
  'admin/redirects.e2e.ts': 24,
  'admin/round-trip.e2e.ts': 24,
  'admin/import.e2e.ts': 23,
  'admin/first-owner-password.e2e.ts': 19,
  'site/server-rendering.e2e.ts': 18,
  'admin/bulk-actions.e2e.ts': 15,
  'admin/field-queries.e2e.ts': 15,
  'admin/palette.e2e.ts': 15,
  'admin/api-tokens.e2e.ts': 13,
  'admin/translations.e2e.ts': 13,
  'admin/content-fields.e2e.ts': 12,
  'admin/elements-layout.e2e.ts': 12,
  'admin/no-such-screen.e2e.ts': 10,
  'site/client-script.e2e.ts': 9,
  'admin/localized-addresses.e2e.ts': 8,
  'admin/narrow-window.e2e.ts': 8,
  'admin/session-expiry.e2e.ts': 8,
  'admin/own-password.e2e.ts': 7,
  'admin/audit.e2e.ts': 5,
  'admin/settings.e2e.ts': 5,
  'site/staff-bar-dead-token.e2e.ts': 5,
  'site/members-only-content.e2e.ts': 4,
  'one-origin.e2e.ts': 3,
  'site/field-types.e2e.ts': 3,
  'site/host-header.e2e.ts': 3,
};
/** A file not listed: about this many seconds per kilobyte of test code (about the listed ones' median). */
const SECONDS_PER_KB = 3;

function weight(testPath) {
  const key = path.relative(path.join(__dirname, '..'), testPath).split(path.sep).join('/');
  if (SECONDS[key] !== undefined) return SECONDS[key];
  return (fs.statSync(testPath).size / 1024) * SECONDS_PER_KB;
}

class BalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const loads = Array.from({ length: shardCount }, () => ({ seconds: 0, tests: [] }));
    const heaviestFirst = [...tests].sort((a, b) => weight(b.path) - weight(a.path) || a.path.localeCompare(b.path));
    for (const test of heaviestFirst) {
      const lightest = loads.reduce((min, load) => (load.seconds < min.seconds ? load : min));
      lightest.seconds += weight(test.path);
      lightest.tests.push(test);
    }
    return loads[shardIndex - 1].tests;
  }

  sort(tests) {
    // Heaviest first: a slow file left for the end would keep its shard running alone.
    return [...tests].sort((a, b) => weight(b.path) - weight(a.path) || a.path.localeCompare(b.path));
  }
}

module.exports = BalancedSequencer;
