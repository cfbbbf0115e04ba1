// The stenen page: a stone set and a board size, stones placed by clicking, and the solutions
// from that position counted (with progress and cancel) or drawn. The position is its moves in
// stenen's notation "(row,col,stone,orient)"; every request sends them to the worker.
import { Solver, sample, readFile, status, running as runningControls } from './client.js';

const solver = new Solver();
const $ = (id) => document.getElementById(id);
const cellSize = 36, margin = 6;  // as stenen's board_svg draws (apps/stenen/svg.cpp)

let text = '';          // the stone file
let stones = [];        // from stenenLoad
let size = [0, 0];
let moves = [];         // "(r,c,s,o)" strings, oldest first
let used = [];
let chosen = null;      // {stone (index), orient}

function show(message, kind) { status($('st-status'), message, kind); }

function stoneSvg(stone, orient, px = 12) {
  const o = stone.orientations[orient];
  const hue = (stone.number * 137.508) % 360;
  const rects = o.cells.map(([r, c]) => `<rect x="${c * px}" y="${r * px}" width="${px}" height="${px}" fill="hsl(${hue.toFixed(0)},65%,68%)" stroke="#333"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${o.cols * px + 1}" height="${o.rows * px + 1}">${rects.join('')}</svg>`;
}

function drawStones() {
  const box = $('st-stones');
  box.replaceChildren();
  stones.forEach((stone, i) => {
    const b = document.createElement('button');
    b.className = 'st-stone';
    b.dataset.stone = stone.name;
    if (used[i]) b.classList.add('used');
    if (chosen && chosen.stone === i) b.classList.add('selected');
    b.title = `stone ${stone.name}`;
    b.innerHTML = stoneSvg(stone, chosen && chosen.stone === i ? chosen.orient : 0) + `<span>${stone.name}</span>`;
    b.disabled = Boolean(used[i]);
    b.addEventListener('click', () => { chosen = { stone: i, orient: 0 }; drawStones(); });
    box.append(b);
  });
}

// Turning keeps to orientations 0-3 or 4-7 (each the one before turned clockwise), flipping
// swaps the halves (4 is 0 mirrored; apps/stenen/shape.hpp numbers them so).
function turn(step) {
  if (!chosen) return;
  const o = chosen.orient;
  chosen.orient = step === 'turn' ? (o < 4 ? (o + 1) % 4 : 4 + ((o - 3) % 4)) : (o + 4) % 8;
  drawStones();
}

async function redraw(tryMoves) {
  const answer = await solver.call('stenenShow', [text, size[0], size[1], tryMoves.join(' ')]);
  if (answer.error) { show(answer.error, 'error'); return false; }
  moves = tryMoves;
  used = answer.used;
  $('st-board').innerHTML = answer.svg;
  $('st-board').querySelector('svg').addEventListener('click', place);
  $('st-moves').textContent = moves.length ? `moves: ${moves.join(' ')}` : '';
  if (chosen && used[chosen.stone]) chosen = null;
  drawStones();
  return true;
}

// A click on the board puts the chosen stone's first cell (its top row's leftmost) there.
async function place(event) {
  if (!chosen) { show('Choose a stone first (above the board), then click where it goes.'); return; }
  const svg = event.currentTarget;
  const box = svg.getBoundingClientRect();
  const scale = svg.viewBox.baseVal.width / box.width;
  const col = Math.floor(((event.clientX - box.left) * scale - margin) / cellSize);
  const row = Math.floor(((event.clientY - box.top) * scale - margin) / cellSize);
  if (row < 0 || col < 0 || row >= size[0] || col >= size[1]) return;
  const stone = stones[chosen.stone];
  const [r0, c0] = stone.orientations[chosen.orient].cells[0];
  const move = `(${row - r0},${col - c0},${stone.name},${chosen.orient})`;
  if (await redraw([...moves, move])) show(`Placed stone ${stone.name}.`);
}

async function load(stoneText, name) {
  const answer = await solver.call('stenenLoad', [stoneText, name]);
  if (answer.error) { show(answer.error, 'error'); return; }
  if (!answer.sizes.length) { show(`${name}: these stones fit no board from 2×2 to 20×20.`, 'error'); return; }
  text = stoneText;
  stones = answer.stones;
  const select = $('st-size');
  select.replaceChildren(...answer.sizes.map(([r, c]) => new Option(`${r}×${c}`, `${r}x${c}`)));
  // A board near square first: the usual way to lay out a set.
  const best = answer.sizes.reduce((a, b) => (Math.abs(b[0] - b[1]) < Math.abs(a[0] - a[1]) ? b : a));
  select.value = `${best[0]}x${best[1]}`;
  await newBoard();
  show(`${name}: ${stones.length} stones, ${stones.reduce((a, s) => a + s.size, 0)} cells.`);
}

async function newBoard() {
  size = $('st-size').value.split('x').map(Number);
  chosen = null;
  $('st-solutions').replaceChildren();
  await redraw([]);
}

function running(on) {
  runningControls(on, $('st-cancel'), $('st-progress'), ['st-count', 'st-show'].map($));
}

async function count() {
  running(true);
  show('Counting…');
  const answer = await solver.call('stenenCount', [text, size[0], size[1], moves.join(' '), $('st-counting').value],
    (p) => {
      $('st-progress').value = p.done;
      show(`Counting… ${(100 * p.done).toFixed(1)} % of the tree, ${p.solutions} solutions so far, ${p.seconds.toFixed(1)} s`);
    });
  running(false);
  if (answer.cancelled) { show('Cancelled.'); return; }
  if (answer.error) { show(answer.error, 'error'); return; }
  const from = moves.length ? ' from this position' : '';
  const extra = answer.unique !== undefined ? ` (${answer.unique} up to symmetry)` : '';
  show(`${answer.solutions} solution${answer.solutions === '1' ? '' : 's'}${from}${extra} (${answer.positions} positions examined, ${answer.seconds.toFixed(3)} s)`);
  $('st-status').dataset.count = answer.solutions;
}

async function showSolutions() {
  running(true);
  show('Searching…');
  const answer = await solver.call('stenenList', [text, size[0], size[1], moves.join(' '), $('st-counting').value, 24]);
  running(false);
  if (answer.cancelled) { show('Cancelled.'); return; }
  if (answer.error) { show(answer.error, 'error'); return; }
  $('st-solutions').innerHTML = answer.boards.join('');
  show(answer.boards.length ? `${answer.complete ? 'All' : 'The first'} ${answer.boards.length} solutions:` : 'No solution from this position.');
}

export async function init() {
  $('st-sample').addEventListener('change', async () => load(await sample($('st-sample').value), $('st-sample').value));
  $('st-open').addEventListener('change', async () => {
    const file = await readFile($('st-open'));
    if (file) load(file.text, file.name);
  });
  $('st-size').addEventListener('change', newBoard);
  $('st-turn').addEventListener('click', () => turn('turn'));
  $('st-flip').addEventListener('click', () => turn('flip'));
  $('st-undo').addEventListener('click', () => redraw(moves.slice(0, -1)));
  $('st-reset').addEventListener('click', () => redraw([]));
  $('st-count').addEventListener('click', count);
  $('st-show').addEventListener('click', showSolutions);
  $('st-cancel').addEventListener('click', () => solver.cancel());
  document.addEventListener('keydown', (event) => {
    if ($('page-stenen').hidden || event.target.closest('input, select, textarea')) return;
    if (event.key === 'r') turn('turn');
    else if (event.key === 'f') turn('flip');
  });
  await load(await sample($('st-sample').value), $('st-sample').value);
}
