import { RuleTester } from 'eslint';
// The rule lives in apps/admin/eslint; it is tested here, beside the catalogs it protects.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rule = require('../../eslint/no-literal-ui-text.cjs');

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } } });

describe('no-literal-ui-text', () => {
  tester.run('no-literal-ui-text', rule, {
    valid: [
      { code: "<Typography>{translate('cms.sign_in.title')}</Typography>" },
      { code: '<TextInput source="title" label="cms.fields.title" validate={required()} />' },
      { code: "<Title title={admin ? 'cms.dashboard.settings_title' : 'cms.dashboard.title'} />" },
      { code: '<DataTable.Col label={`cms.layout.sections.${type}`} />' },
      { code: '<FileField source="src" title="title" />' },
      { code: '<TextInput placeholder="#RRGGBB" />' },
      { code: "<span>{record.mimeType} · {size}{' '}</span>" },
      { code: "notify('cms.settings.saved', { type: 'success' })" },
      { code: "notify(error.message, { type: 'error' })" },
      { code: "regex(PATTERN, 'cms.validation.slug')" },
      { code: "translate('ra.action.save')" },
    ],
    invalid: [
      { code: '<Typography>Sign in</Typography>', errors: [{ messageId: 'text' }] },
      { code: '<TextInput source="title" label="Title" />', errors: [{ messageId: 'prop' }] },
      { code: '<SearchInput placeholder="Search by title" />', errors: [{ messageId: 'prop' }] },
      { code: "<Chip label={superAdmin ? 'Every right' : count} />", errors: [{ messageId: 'prop' }] },
      { code: '<DeleteButton confirmTitle={`Delete the user ${record.name}?`} />', errors: [{ messageId: 'prop' }] },
      { code: '<Edit aria-label={`Edit ${title}`} />', errors: [{ messageId: 'prop' }] },
      { code: "<TextInput helperText={locked ? 'A content stays in its container' : undefined} />", errors: [{ messageId: 'prop' }] },
      { code: "notify('Settings saved', { type: 'success' })", errors: [{ messageId: 'call' }] },
      { code: "regex(PATTERN, 'Lower-case letters and digits')", errors: [{ messageId: 'call' }] },
      { code: "required('Please fill this in')", errors: [{ messageId: 'call' }] },
    ],
  });
});
