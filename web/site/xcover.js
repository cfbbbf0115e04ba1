// The exact-cover page: a problem in Knuth's format pasted, opened or picked from the samples,
// counted (with progress and cancel) or its first solutions listed.
import { Solver, sample, readFile, status, running as runningControls } from './client.js';

const solver = new Solver();
const $ = (id) => document.getElementById(id);

function show(message, kind) { status($('xc-status'), message, kind); }

function running(on) {
  runningControls(on, $('xc-cancel'), $('xc-progress'), ['xc-count', 'xc-list'].map($));
}

async function count() {
  running(true);
  show('Counting…');
  $('xc-output').textContent = '';
  const answer = await solver.call('xcoverCount', [$('xc-text').value], (p) => {
    $('xc-progress').value = p.done;
    show(`Counting… ${(100 * p.done).toFixed(1)} % of the tree, ${p.solutions} solutions so far, ${p.seconds.toFixed(1)} s`);
  });
  running(false);
  if (answer.cancelled) { show('Cancelled.'); return; }
  if (answer.error) { show(answer.error, 'error'); return; }
  show(`${answer.count} solution${answer.count === '1' ? '' : 's'} (${answer.items} items, ${answer.options} options; ${answer.nodes} nodes, ${answer.seconds.toFixed(3)} s)`);
  $('xc-status').dataset.count = answer.count;
}

async function list() {
  running(true);
  show('Searching…');
  const max = Math.max(1, Number($('xc-max').value) || 10);
  const answer = await solver.call('xcoverList', [$('xc-text').value, max]);
  running(false);
  if (answer.cancelled) { show('Cancelled.'); return; }
  if (answer.error) { show(answer.error, 'error'); return; }
  $('xc-output').textContent = answer.solutions.map((s, i) => `solution ${i + 1}:\n${s}`).join('\n');
  show(answer.found === 0 ? 'No solution.'
       : answer.complete ? `All ${answer.found} solutions:` : `The first ${answer.found} solutions:`);
}

export async function init() {
  $('xc-sample').addEventListener('change', async () => {
    const name = $('xc-sample').value;
    if (!name) return;
    $('xc-text').value = await sample(name);
    $('xc-output').textContent = '';
    show(`${name} loaded.`);
  });
  $('xc-open').addEventListener('change', async () => {
    const file = await readFile($('xc-open'));
    if (file) { $('xc-text').value = file.text; show(`${file.name} loaded.`); }
  });
  $('xc-count').addEventListener('click', count);
  $('xc-list').addEventListener('click', list);
  $('xc-cancel').addEventListener('click', () => solver.cancel());
  $('xc-text').value = '| a small example: cover a b c d once each; x at most once\na b c d | x\na b\nc d\na c x\nb d x\nb c\n';
}
