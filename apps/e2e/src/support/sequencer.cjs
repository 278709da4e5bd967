// Splits the browser test files between the shards of tools/e2e.mjs so that each shard takes about
// as long: Jest's own --shard splits by a hash of the paths, which can put the slowest files in one
// shard. Each file weighs the seconds it took; a file not listed weighs by its size. The heaviest go first, each to the lightest shard so far.
const Sequencer = require('@jest/test-sequencer').default;
const fs = require('node:fs');
const path = require('node:path');

/**
 * Seconds each file took (2026-11-27: one Jest run after another on a loaded machine, scaled to the
 * 841 s the whole suite took on a quiet CI run). A file not listed weighs by its size.
 */
const SECONDS = {
  // Issue 30's files, measured alone on this machine (E2E_SHARDS=1, 2026-11-27, load average above 20).
  'admin/accessibility.e2e.ts': 85,
  'admin/keyboard.e2e.ts': 25,
  // Issue 30's palette and bulk actions, measured on one shard (2026-11-27).
  'admin/palette.e2e.ts': 12,
  'admin/bulk-actions.e2e.ts': 10,
  // Issue 28's files, from their first CI run (two shards, 2026-11-27).
  'admin/webhooks.e2e.ts': 25,
  'admin/accounts.e2e.ts': 60,
  'admin/import.e2e.ts': 14,
  'admin/field-queries.e2e.ts': 12,
  'admin/api-tokens.e2e.ts': 10,
  'admin/drafts.e2e.ts': 60,
  'admin/i18n.e2e.ts': 73,
  'site/demo-site.e2e.ts': 52,
  'site/form-visitor-address.e2e.ts': 47,
  'admin/containers-contents.e2e.ts': 45,
  'admin/history.e2e.ts': 41,
  'admin/first-owner-password.e2e.ts': 38,
  'admin/auth.e2e.ts': 35,
  'admin/container-workbench.e2e.ts': 35,
  'admin/open-redirect.e2e.ts': 33,
  'admin/blocks.e2e.ts': 30,
  'admin/back-office.e2e.ts': 30,
  'site/cms-pages.e2e.ts': 25,
  'admin/medias.e2e.ts': 25,
  'admin/forms-messages.e2e.ts': 24,
  'admin/redirects.e2e.ts': 19,
  'admin/round-trip.e2e.ts': 18,
  'admin/translations.e2e.ts': 18,
  'admin/elements-layout.e2e.ts': 17,
  'admin/session-expiry.e2e.ts': 17,
  'admin/page-tree.e2e.ts': 16,
  'admin/content-fields.e2e.ts': 16,
  'site/server-rendering.e2e.ts': 16,
  'admin/no-such-screen.e2e.ts': 15,
  'site/client-script.e2e.ts': 12,
  'admin/localized-addresses.e2e.ts': 12,
  'admin/audit.e2e.ts': 11,
  'site/members-only-content.e2e.ts': 10,
  'admin/own-password.e2e.ts': 9,
  'admin/narrow-window.e2e.ts': 8,
  'admin/settings.e2e.ts': 7,
  'site/host-header.e2e.ts': 4,
  'site/staff-bar-dead-token.e2e.ts': 3,
  'site/field-types.e2e.ts': 2,
  'one-origin.e2e.ts': 1,
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
