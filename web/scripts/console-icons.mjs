// Draws the console's app icons (public/admin/icon-*.png, named by its web app manifest)
// from the site's favicon with Debian's Chromium: the favicon as it is at 192 and 512
// pixels, and a maskable 512 whose mark sits inside the safe zone on a full-bleed
// background, as launchers crop it to their own shape.
//
// Usage: node scripts/console-icons.mjs (after a change of public/favicon.svg)
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = fileURLToPath(new URL('../public/', import.meta.url));
const favicon = await readFile(`${PUBLIC}favicon.svg`, 'utf8');
const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? '#1d4ed8';
// The favicon's own square without its rounded corners, under its mark shrunk to 70%.
const inner = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
  `<g transform="translate(4.8 4.8) scale(0.7)">${inner}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: `${PUBLIC}admin/${file}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
  }
} finally {
  await browser.close();
}
