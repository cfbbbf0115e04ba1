// The playground in a real browser (CTest web_browser; docs/web.md): serves the built site on
// a free local port, drives the system's Chromium through puppeteer-core and checks what the
// pages show. Saves a screenshot of each page in the output folder.
//
//   node web/test/browser_test.mjs SITE_DIR OUT_DIR [CHROMIUM]
//
// Exit status: 0 passed, 1 a check failed, 77 skipped (puppeteer-core not installed: npm ci
// in web/, which scripts/setup --web does).
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

// n queens in Knuth's format: rows and columns primary, the diagonals secondary.
function queens(n) {
  const rows = [], cols = [], as = [], bs = [];
  for (let i = 0; i < n; ++i) rows.push(`r${i}`), cols.push(`c${i}`);
  for (let d = 0; d < 2 * n - 1; ++d) as.push(`a${d}`), bs.push(`b${d}`);
  const lines = [`${rows.join(' ')} ${cols.join(' ')} | ${as.join(' ')} ${bs.join(' ')}`];
  for (let i = 0; i < n; ++i)
    for (let j = 0; j < n; ++j) lines.push(`r${i} c${j} a${i + j} b${i - j + n - 1}`);
  return lines.join('\n') + '\n';
}

const [site, out, chromium = '/usr/bin/chromium'] = process.argv.slice(2);
if (!site || !out) {
  console.error('usage: browser_test.mjs SITE_DIR OUT_DIR [CHROMIUM]');
  process.exit(2);
}

let puppeteer;
try {
  puppeteer = (await import('puppeteer-core')).default;
} catch {
  console.log('SKIP: puppeteer-core is not installed (run npm ci in web/, or scripts/setup --web)');
  process.exit(77);
}

// The site as a static server would serve it: the loader fetches solver.wasm by URL, and
// streaming compilation wants application/wasm.
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
                '.json': 'application/json' };
const server = createServer((request, response) => {
  let path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
  if (path.endsWith('/')) path += 'index.html';
  const file = join(site, path);
  try {
    if (!file.startsWith(site) || !statSync(file).isFile()) throw new Error('not found');
    response.writeHead(200, { 'Content-Type': types[extname(file)] || 'text/plain' });
    response.end(readFileSync(file));
  } catch {
    response.writeHead(404);
    response.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;
mkdirSync(out, { recursive: true });

let failures = 0;
const started = Date.now();
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} [${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
  if (!ok) ++failures;
}

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  // No sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 420, height: 900 });  // a phone-sized screen
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready, { timeout: 60000 });
  check(await page.$eval('body', (b) => b.dataset.ready) === 'yes', 'the three pages start (solver.wasm loads in the workers)');

  const text = (selector) => page.$eval(selector, (e) => e.textContent);
  const waitText = (selector, pattern, timeout = 30000) =>
    page.waitForFunction((s, p) => new RegExp(p).test(document.querySelector(s).textContent),
                         { timeout }, selector, pattern.source).then(() => true, () => false);
  const select = async (selector, value) => { await page.select(selector, value); };

  // ---- Futoshiki ----
  await select('#fut-size', '5');
  await select('#fut-level', 'easy');
  await page.click('#fut-new');
  check(await waitText('#fut-status', /A new 5×5 easy puzzle/), 'generate a 5×5 easy puzzle');
  const cells = await page.$$eval('.fut-cell', (all) => all.length);
  check(cells === 25, `a 5×5 grid is drawn (${cells} cells)`);
  // A digit in the first open cell; when it happens to be right, the next one is wrong.
  const open = await page.$$eval('.fut-cell', (all) => all.findIndex((c) => !c.classList.contains('given')));
  let flagged = false;
  for (const digit of ['1', '2']) {
    await page.click(`.fut-cell[data-index="${open}"]`);
    await page.keyboard.press(digit);
    await page.click('#fut-check');
    await waitText('#fut-status', /wrong digit|No mistakes/);
    if (/wrong digit/.test(await text('#fut-status'))) { flagged = true; break; }
  }
  check(flagged && await page.$eval(`.fut-cell[data-index="${open}"]`, (c) => c.classList.contains('wrong')),
        'a wrong digit is flagged by Check');
  await page.click(`.fut-cell[data-index="${open}"]`);
  await page.keyboard.press('Backspace');
  // Pencil marks: Shift+digit.
  await page.keyboard.down('Shift');
  await page.keyboard.press('Digit3');
  await page.keyboard.up('Shift');
  check(/3/.test(await page.$eval(`.fut-cell[data-index="${open}"] .marks`, (m) => m.textContent).catch(() => '')),
        'a pencil mark is noted');
  await page.click('#fut-hint');
  check(await waitText('#fut-status', /^Row \d+, column \d+ is \d+: \S/), `a hint with its reason: ${await text('#fut-status')}`);
  check(await page.$$eval('.fut-cell.hinted', (all) => all.length) === 1, 'the hinted cell is filled in');
  await page.screenshot({ path: join(out, 'futoshiki.png'), fullPage: true });
  await page.click('#fut-solve');
  check(await waitText('#fut-status', /Solved by libsolve/), 'solve');
  const filled = await page.$$eval('.fut-cell', (all) => all.filter((c) => /^\d+$/.test(c.textContent)).length);
  check(filled === 25, `every cell filled after Solve (${filled})`);
  await page.click('#fut-check');
  check(await waitText('#fut-status', /^Solved!$/), 'the solved grid checks');
  await page.screenshot({ path: join(out, 'futoshiki-solved.png'), fullPage: true });
  // A puzzle in the course's format, opened (a sample: the same reader as Open…) and graded.
  await select('#fut-sample', '5dk_1.txt');
  check(await waitText('#fut-status', /5dk_1.txt: a 5×5 puzzle, (graded|beyond)/),
        `a sample opened: ${await text('#fut-status')}`);

  // ---- stenen ----
  await page.click('#tab-stenen');
  await select('#st-sample', 'stenen1.in');
  await waitText('#st-status', /stenen1.in: 5 stones/);
  await select('#st-size', '4x5');
  await page.click('#st-count');
  check(await waitText('#st-status', /solutions/), 'stenen1 on 4×5 counted');
  check(/^176 solutions/.test(await text('#st-status')), `stenen1 4×5: ${await text('#st-status')} (expected 176)`);
  // Stone 1 turned once, its first cell clicked on the board's top-left cell: (0,0,1,1).
  await page.click('.st-stone[data-stone="1"]');
  await page.click('#st-turn');
  const box = await page.$eval('#st-board svg', (s) => { const r = s.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, vb: s.viewBox.baseVal.width }; });
  const scale = box.w / box.vb;
  await page.mouse.click(box.x + (6 + 18) * scale, box.y + (6 + 18) * scale);
  check(await waitText('#st-moves', /\(0,0,1,1\)/), `a stone placed by clicking: ${await text('#st-moves')}`);
  await page.click('#st-count');
  check(await waitText('#st-status', /^6 solutions from this position/), `count from the position: ${await text('#st-status')} (expected 6)`);
  await page.click('#st-show');
  check(await waitText('#st-status', /All 6 solutions/), 'the 6 solutions shown');
  check(await page.$$eval('#st-solutions svg', (all) => all.length) === 6, 'six boards drawn');
  await page.screenshot({ path: join(out, 'stenen.png'), fullPage: true });

  // ---- exact cover ----
  await page.click('#tab-xcover');
  await select('#xc-sample', 'queens-8.dlx');
  await waitText('#xc-status', /queens-8.dlx loaded/);
  await page.click('#xc-count');
  check(await waitText('#xc-status', /^92 solutions/), `queens-8: ${await text('#xc-status')} (expected 92)`);
  await page.$eval('#xc-max', (e) => { e.value = '3'; });
  await page.click('#xc-list');
  check(await waitText('#xc-status', /The first 3 solutions/), 'the first 3 solutions listed');
  check(/solution 3:/.test(await text('#xc-output')), 'the third solution printed');
  await page.screenshot({ path: join(out, 'xcover.png'), fullPage: true });
  // A long count runs in the worker: the page answers meanwhile, and Cancel ends it. 16 queens
  // (14 772 512 solutions, many seconds): its subproblems do not repeat, so the memo trial of
  // the default plan gives up and the plain search runs (domino-8x8 counts in a millisecond).
  await page.$eval('#xc-text', (e, text) => { e.value = text; }, queens(16));
  await page.click('#xc-count');
  await page.waitForFunction(() => !document.querySelector('#xc-cancel').disabled);
  const t0 = Date.now();
  await page.evaluate(() => document.title);
  check(Date.now() - t0 < 1000, `the page answers during a count (${Date.now() - t0} ms)`);
  await page.click('#xc-cancel');
  check(await waitText('#xc-status', /^Cancelled\.$/, 5000), 'Cancel stops the count');
  await select('#xc-sample', 'queens-8.dlx');
  await waitText('#xc-status', /queens-8.dlx loaded/);
  await page.click('#xc-count');
  check(await waitText('#xc-status', /^92 solutions/), 'a count after Cancel (a fresh worker)');

  check(errors.length === 0, `no errors in the page${errors.length ? ': ' + errors.join(' | ') : ''}`);

  // Offline: once the service worker has cached the site, the page reloads and counts with
  // the server gone.
  const cached = await page.evaluate(() => navigator.serviceWorker.ready
    .then(() => caches.keys()).then((names) => caches.open(names[0])).then((c) => c.keys()).then((k) => k.length));
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready, { timeout: 30000 });
  await page.click('#tab-xcover');
  await page.click('#xc-count');
  check(await waitText('#xc-status', /^1 solution \(/), `offline (${cached} files cached, the server stopped): the page reloads and counts`);
} catch (e) {
  console.log(`FAIL ${e.stack || e}`);
  ++failures;
} finally {
  await browser.close();
  if (server.listening) server.close();
}
console.log(`browser test: ${failures ? `${failures} failed` : 'passed'} (${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${out})`);
process.exit(failures ? 1 : 0);
