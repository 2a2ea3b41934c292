// Prerenders the public site into dist/pages/: every route of the site (src/lib/routes.json)
// with a page, in every language, with its head (title, description, canonical,
// alternates, Open Graph, JSON-LD), its styles, and the scripts and texts the app will
// need for it: dist/pages/<lang>/<page>.html. A route the server sends with its data
// (serverDraws) also gets its template, dist/pages/<lang>/<page>.tmpl: the page drawn by
// React with placeholders the server fills in (src/features/site/components/Template.tsx).
// The dota server serves these pages (pages/, reading the same routes.json) and the
// browser hydrates them (src/main.tsx), so a visitor sees the page before any script has
// run.
//
// Usage (npm run build does it): vite build && vite build --ssr src/entry-server.tsx
//   --outDir .prerender && node scripts/prerender.mjs
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const SERVER_ENTRY = new URL('../.prerender/entry-server.js', import.meta.url);


const ssr = await import(SERVER_ENTRY.href);
const manifest = JSON.parse(await readFile(`${DIST}.vite/manifest.json`, 'utf8'));
/** The built index.html, the app's shell, every page's start. */
const shell = await readFile(`${DIST}index.html`, 'utf8');

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

/** A manifest key and every chunk it imports statically, transitively. */
function withImports(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) withImports(dep, seen);
  return seen;
}

const inEntry = withImports(entryKey);

/** The app the entry starts once the page is painted (src/main.tsx imports it). */
const appKeys = manifest[entryKey].dynamicImports ?? [];

/**
 * Scripts to preload and stylesheets to link for a page: the app's and those of the
 * page's modules (a module merged into a shared chunk has no entry of its own).
 */
function assetsOf(modules) {
  const js = new Set();
  const css = new Set();
  for (const module of [...appKeys, ...modules.filter((m) => manifest[m])]) {
    for (const key of withImports(module)) {
      if (inEntry.has(key)) continue;
      js.add(manifest[key].file);
      for (const file of manifest[key].css ?? []) css.add(file);
    }
  }
  return { js: [...js], css: [...css] };
}

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The head tags of a page; pages under a pattern (/services/:slug) leave addresses to the browser. */
function headTags(head, withAddresses) {
  if (!head) return ['<title>Dota</title>'];
  const tags = [`<title>${escapeText(head.title)}</title>`];
  for (const [name, content] of head.names) tags.push(`<meta name="${escapeAttr(name)}" content="${escapeAttr(content)}">`);
  if (withAddresses) {
    tags.push(`<link rel="canonical" href="${escapeAttr(head.canonical)}">`);
    for (const [lang, href] of head.alternates) {
      tags.push(`<link rel="alternate" hreflang="${escapeAttr(lang)}" href="${escapeAttr(href)}">`);
    }
  }
  for (const [property, content] of head.properties) {
    if (property === 'og:url' && !withAddresses) continue;
    tags.push(`<meta property="${escapeAttr(property)}" content="${escapeAttr(content)}">`);
  }
  if (head.jsonLd) {
    // Data, never run; "<" escaped so that the text cannot close the element.
    tags.push(`<script type="application/ld+json" id="structured-data">${head.jsonLd.replace(/</g, '\\u003c')}</script>`);
  }
  return tags;
}

function replaceOnce(text, search, replacement) {
  if (!text.includes(search)) throw new Error(`the built index.html has no ${search}`);
  return text.replace(search, () => replacement);
}

/** The text of a built stylesheet, read once. */
const stylesheets = new Map();
async function stylesheet(file) {
  if (!stylesheets.has(file)) stylesheets.set(file, await readFile(`${DIST}${file}`, 'utf8'));
  return stylesheets.get(file);
}

/** The entry's own stylesheets, which the built index.html links. */
const entryCss = manifest[entryKey].css ?? [];

/**
 * The chunk holding a language's namespace: its own, or the public site's texts of that
 * language, grouped in one chunk (vite.config.ts names it texts-<lang>).
 */
function textsFile(lang, ns) {
  return (
    manifest[`src/locales/${lang}/${ns}.json`]?.file ??
    Object.values(manifest).find((chunk) => chunk.file.startsWith(`assets/texts-${lang}-`))?.file
  );
}

/**
 * The whole HTML document of a prerendered page, or of a template: the page of one
 * service, say, which shows all it has and carries its data for the app.
 */
async function documentOf(route, page, lang, template = false) {
  const withAddresses = template || !route.pattern.includes(':');
  const { js, css } = assetsOf(page.modules);
  // The page's styles are in the page itself, so that it paints with the HTML alone. The
  // stylesheets are still named, disabled (so neither fetched nor applied), so that the
  // app's loader sees them and does not fetch them again.
  const sheets = [...entryCss, ...css];
  const styles = (await Promise.all(sheets.map(stylesheet))).join('\n');
  if (/<\/style/i.test(styles)) throw new Error('a stylesheet closes the <style> element');
  const texts = page.namespaces.map((ns) => textsFile(lang, ns)).filter(Boolean);
  // The page names its scripts for the boot script (src/main.tsx). A page that shows its
  // content as it is fetches them when the visitor needs the app (src/app/wake.ts); a page
  // whose content comes from the API needs them to show it, and fetches them at once.
  const preload = [...new Set([...js, ...texts])].map((file) => `/${file}`).join(' ');
  const links = [
    `<style>${styles}</style>`,
    ...sheets.map((file) => `<link rel="stylesheet" disabled crossorigin href="/${file}">`),
  ];
  let html = shell;
  for (const file of entryCss) html = replaceOnce(html, `<link rel="stylesheet" crossorigin href="/${file}">`, '');
  // The boot script waits for the first paint anyway: it need not be fetched ahead of it.
  html = replaceOnce(html, '<script type="module" crossorigin', '<script type="module" async crossorigin');
  html = replaceOnce(html, '<html lang="fr" dir="ltr">', `<html lang="${lang}" dir="${ssr.directionOf(lang)}">`);
  html = replaceOnce(html, '<title>Dota</title>', headTags(page.head, withAddresses).join('\n    '));
  html = replaceOnce(html, '</head>', `  ${links.join('\n    ')}\n  </head>`);
  // The template shows all it has (the server fills it in): the app waits for the visitor.
  const start = route.dataFirst && !template ? 'first-paint' : 'on-demand';
  html = replaceOnce(html, '<div id="root"></div>', `<div id="root" data-lang="${lang}" data-route="${escapeAttr(route.pattern)}" data-start="${start}" data-preload="${escapeAttr(preload)}">${page.html}</div>`);
  // The data the template was filled with, for the app to take the page over (src/lib/pageData.ts).
  if (template) html = replaceOnce(html, '</body>', `<script type="application/json" id="${ssr.PAGE_DATA_ID}">[[.PageData]]</script></body>`);
  return html;
}

/** Template delimiters (src/features/site/components/Template.tsx), which a template's actions alone may hold. */
const DELIMITERS = /\[\[|\]\]/;

await rm(`${DIST}pages`, { recursive: true, force: true });
const { languages } = ssr.contract;
let count = 0;
for (const route of ssr.servedRoutes().filter((r) => r.prerendered)) {
  // A pattern's own text is a path the router matches: /services/:serviceSlug renders the
  // page's loading state, /* the not-found page.
  const url = route.pattern === '/*' ? '/not-found' : route.pattern;
  for (const lang of languages) {
    const page = await documentOf(route, await ssr.renderPage(url, lang), lang);
    await mkdir(`${DIST}pages/${lang}`, { recursive: true });
    await writeFile(`${DIST}pages/${lang}/${route.page}.html`, page);
    count++;
    if (!route.serverDraws) continue;
    // The page without its data holds no delimiter: the template's are its placeholders' and actions'.
    if (DELIMITERS.test(page)) throw new Error(`${route.pattern} (${lang}) holds template delimiters`);
    const template = await ssr.renderTemplate(route, lang);
    await writeFile(`${DIST}pages/${lang}/${route.page}.tmpl`, await documentOf(route, template, lang, true));
  }
}
console.log(`prerendered ${count} pages (${count / languages.length} routes × ${languages.length} languages) into dist/pages/`);
