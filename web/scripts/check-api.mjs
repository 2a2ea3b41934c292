// Checks that src/lib/api-schema.d.ts is what openapi-typescript makes of api/openapi.yaml
// today: it generates the types again into a temporary file, as `npm run gen:api` does,
// and fails with the difference when the checked-in file is not the same byte for byte.
//
// Usage: npm run check:api   (to bring the file up to date: npm run gen:api)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('../', import.meta.url));
const DOCUMENT = '../api/openapi.yaml';
const CHECKED_IN = 'src/lib/api-schema.d.ts';

/** Generates the types into a temporary file and compares; true when they match. */
function upToDate(dir) {
  const fresh = join(dir, 'api-schema.d.ts');
  try {
    execFileSync(join(WEB, 'node_modules/.bin/openapi-typescript'), [DOCUMENT, '-o', fresh], {
      cwd: WEB,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch {
    console.error(`openapi-typescript could not turn ${DOCUMENT} into types (see above)`);
    return false;
  }
  if (readFileSync(fresh, 'utf8') === readFileSync(join(WEB, CHECKED_IN), 'utf8')) return true;
  try {
    execFileSync('diff', ['-u', CHECKED_IN, fresh], { cwd: WEB, stdio: 'inherit' });
  } catch {
    // diff exits with 1 when the files differ, after printing how
  }
  console.error(`${CHECKED_IN} is out of date with ${DOCUMENT}: run npm run gen:api`);
  return false;
}

const dir = mkdtempSync(join(tmpdir(), 'api-schema-'));
try {
  if (upToDate(dir)) console.log(`${CHECKED_IN} matches ${DOCUMENT}`);
  else process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
