// Performance and quality budgets of the public site.
//
// 1. The initial JavaScript of the public site (the boot script, the app it starts and
//    everything they import statically, from the Vite manifest), gzipped, must stay
//    within 150 KB.
// 2. Lighthouse, with Debian's Chromium, on /, /services and one service page of a
//    running dota binary, must score at least 95 in performance, accessibility, best
//    practices and SEO. Each page is measured BUDGET_RUNS times (default 5) and judged
//    on the median, as Lighthouse advises: one run on a shared machine varies by several
//    points.
//
// Usage: npm run build && DOTA_BIN=path/to/dota npm run budget
//   DOTA_BIN        the built server, started on a fresh database (e2e/harness.mjs)
//   E2E_BASE_URL    or measure an already running server instead
//   BUDGET_SKIP_LIGHTHOUSE=1  only measure the bundle
//   LIGHTHOUSE_FORM_FACTOR    mobile (default) or desktop
//   BUDGET_RUNS               Lighthouse runs per page (default 5)
//   BUDGET_REPORT_DIR         also write each page's median Lighthouse report (JSON) there
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const JS_BUDGET_KB = 150;
const MIN_SCORE = 95;
const RUNS = Math.max(1, Number(process.env.BUDGET_RUNS) || 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const failures = [];

/**
 * What a first visit loads: the entry (the boot script), the app it starts once the page
 * is painted, and their static imports, transitively. Pages, the console and other
 * languages are dynamic imports of the app and load later.
 */
function initialChunks(manifest) {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const seen = new Set();
  const css = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const file of manifest[key].css ?? []) css.add(file);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entry[0]);
  for (const app of entry[1].dynamicImports ?? []) visit(app);
  return { js: [...seen].map((key) => manifest[key].file), css: [...css] };
}

async function gzipSize(file) {
  return gzipSync(await readFile(DIST + file), { level: 9 }).length;
}

async function measureBundle() {
  let manifest;
  try {
    manifest = JSON.parse(await readFile(`${DIST}.vite/manifest.json`, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read dist/.vite/manifest.json (run npm run build first): ${err.message}`);
  }
  const { js, css } = initialChunks(manifest);
  let total = 0;
  console.log('Initial JavaScript of the public site (gzipped):');
  for (const file of js) {
    const size = await gzipSize(file);
    total += size;
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  let cssTotal = 0;
  for (const file of css) cssTotal += await gzipSize(file);
  const kb = total / 1024;
  console.log(`  ${kb.toFixed(1).padStart(7)} KB  total (budget ${JS_BUDGET_KB} KB); initial CSS ${(cssTotal / 1024).toFixed(1)} KB`);
  if (kb > JS_BUDGET_KB) failures.push(`initial JavaScript ${kb.toFixed(1)} KB > ${JS_BUDGET_KB} KB`);
}

async function runLighthouse() {
  const { startServer } = await import('../e2e/harness.mjs');
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  const server = await startServer();
  let chrome;
  try {
    const services = await (await fetch(`${server.baseURL}/api/services?order=name`)).json();
    const slug = services.items?.[0]?.slug;
    if (!slug) throw new Error('the server lists no service to measure');
    const paths = ['/', '/services', `/services/${slug}`];

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    const formFactor = process.env.LIGHTHOUSE_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
    const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
    console.log(`\nLighthouse (${formFactor}, median of ${RUNS} runs, minimum ${MIN_SCORE}):`);
    for (const path of paths) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(
          server.baseURL + path,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
          config,
        );
        if (result.lhr.runtimeError) failures.push(`${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      const score = (lhr, c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      // The run with the median performance stands for the page; each category is its median.
      const lhr = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(RUNS / 2)];
      const median = (c) => runs.map((r) => score(r, c)).sort((a, b) => a - b)[Math.floor(RUNS / 2)];
      if (process.env.BUDGET_REPORT_DIR) {
        const dir = process.env.BUDGET_REPORT_DIR;
        await mkdir(dir, { recursive: true });
        await writeFile(`${dir}/${path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}.json`, JSON.stringify(lhr, null, 1));
      }
      const scores = CATEGORIES.map((c) => [c, median(c)]);
      const perRun = runs.map((r) => score(r, 'performance')).join('/');
      console.log(`  ${path.padEnd(34)} ${scores.map(([c, s]) => `${c} ${s}`).join('  ')}  (performance runs ${perRun})`);
      for (const [c, s] of scores) {
        if (s >= MIN_SCORE) continue;
        const failed = lhr.categories[c].auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        failures.push(`${path}: ${c} ${s} < ${MIN_SCORE}; failing audits: ${failed.join(', ') || 'none below 0.9'}`);
      }
    }
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}

try {
  await measureBundle();
  if (process.env.BUDGET_SKIP_LIGHTHOUSE === '1') {
    console.log('\nLighthouse skipped (BUDGET_SKIP_LIGHTHOUSE=1).');
  } else if (!process.env.DOTA_BIN && !process.env.E2E_BASE_URL) {
    failures.push('Lighthouse needs a server: set DOTA_BIN to the built dota binary (or E2E_BASE_URL)');
  } else {
    await runLighthouse();
  }
} catch (err) {
  failures.push(err.stack ?? String(err));
}

if (failures.length > 0) {
  console.error(`\nBudget missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');
