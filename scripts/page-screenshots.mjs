// The README's pictures of the web page, taken in headless chromium (Debian's,
// driven by playwright-core, as test/page.test.ts drives it): the page with a
// keys-and-doors maze and its solution (docs/page.png), and the game in it
// five moves in, as the README's terminal example (docs/page-game.png).
// Run after a build: node scripts/page-screenshots.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const page = pathToFileURL(join(root, 'demo', 'index.html')).href;
const query = 'algorithm=zones&width=30&height=20&seed=2024';
mkdirSync(join(root, 'docs'), { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await tab.goto(`${page}?${query}&solve=true`);
  await tab.waitForSelector('#status[data-done="yes"]');
  const downloads = await tab.locator('#downloads').boundingBox();
  await tab.screenshot({ path: join(root, 'docs', 'page.png'), fullPage: true, clip: { x: 0, y: 0, width: 1280, height: Math.ceil(downloads.y + downloads.height + 12) } });

  // the game: no solution shown, monsters that stay put while the picture is taken
  await tab.goto(`${page}?${query}&monsterDelay=60000`);
  await tab.waitForSelector('#status[data-done="yes"]');
  await tab.click('#play');
  for (const key of ['ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowRight']) await tab.keyboard.press(key);
  // the field as a player leaves it (the game started has its delay already)
  await tab.fill('#monsterDelay', '500');
  await tab.focus('#game');
  await tab.locator('#play-section').screenshot({ path: join(root, 'docs', 'page-game.png') });
} finally {
  await browser.close();
}
console.log('wrote docs/page.png and docs/page-game.png');
