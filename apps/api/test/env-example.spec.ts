import * as fs from 'node:fs';
import * as path from 'node:path';
import { configVariableNames } from '../src/config/app-config';

const ROOT = path.resolve(__dirname, '../../..');
const EXAMPLE = path.join(ROOT, '.env.example');
const STANDALONE_SITE = path.join(ROOT, 'apps/site/src/server/standalone.ts');
/** Where the file turns to the standalone site process's own variables. */
const STANDALONE_HEADING = '## The standalone site process';

/** `# NAME=value  # comment` or `NAME=value`: the variables a section of the file sets or shows. */
function variablesIn(text: string): string[] {
  return [...text.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
}

// .env.example is the operator's list of every setting: a variable the configuration schema reads
// that it does not show cannot be found, and one it shows that nothing reads misleads.
describe('.env.example', () => {
  const text = fs.readFileSync(EXAMPLE, 'utf8');
  const split = text.indexOf(STANDALONE_HEADING);
  const apiPart = split === -1 ? text : text.slice(0, split);
  const sitePart = split === -1 ? '' : text.slice(split);
  const schema = configVariableNames();

  it('reads the configuration schema (a broken reading would make the comparison empty)', () => {
    expect(schema).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'ALLOWED_HOSTS', 'CMS_DEMO', 'NODE_ENV']));
  });

  it('lists every variable of the configuration schema, each once', () => {
    const listed = variablesIn(apiPart);
    const missing = schema.filter((name) => !listed.includes(name));
    const twice = listed.filter((name, index) => listed.indexOf(name) !== index);
    expect({ missingFromEnvExample: missing, listedTwice: twice }).toEqual({ missingFromEnvExample: [], listedTwice: [] });
  });

  it('lists no variable the configuration schema (apps/api/src/config/app-config.ts) does not read', () => {
    const unknown = variablesIn(apiPart).filter((name) => !schema.includes(name));
    expect({ unknownToConfigSchema: unknown }).toEqual({ unknownToConfigSchema: [] });
  });

  it('gives each variable a comment or a section that says what it is', () => {
    const bare = apiPart
      .split('\n')
      .filter((line) => /^#?\s?[A-Z][A-Z0-9_]*=/.test(line) && !line.includes(' # '))
      .map((line) => /([A-Z][A-Z0-9_]*)=/.exec(line)?.[1]);
    // A few speak for themselves beside their neighbours (S3_SECRET_ACCESS_KEY after S3_ACCESS_KEY_ID...).
    const selfExplained = [
      'PORT',
      'HOST',
      'UPLOAD_MAX_MB',
      'UPLOAD_MAX_PIXELS',
      'S3_REGION',
      'S3_SECRET_ACCESS_KEY',
      'MAIL_FROM',
      'MAIL_MAX_ATTEMPTS',
      'SIGNIN_MAX_FAILURES_PER_IP',
      'ADMIN_DIR',
      'SITE_DIR',
    ];
    expect({ withoutComment: bare.filter((name) => !selfExplained.includes(name as string)) }).toEqual({ withoutComment: [] });
  });

  it('lists, after its heading, the variables the standalone site process reads', () => {
    const read = [...new Set([...fs.readFileSync(STANDALONE_SITE, 'utf8').matchAll(/env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]))];
    const named = new Set([...variablesIn(sitePart), ...[...sitePart.matchAll(/\b([A-Z][A-Z0-9_]{2,})\b/g)].map((match) => match[1])]);
    expect({ standaloneSiteVariablesMissingFromEnvExample: read.filter((name) => !named.has(name)) }).toEqual({
      standaloneSiteVariablesMissingFromEnvExample: [],
    });
  });
});
