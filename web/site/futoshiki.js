// The Futoshiki page. The puzzle is {n, givens, right, down} as the bindings give it
// (futoshiki.cpp); the player's digits and pencil marks live here. The worker parses, solves,
// generates and gives hints; everything else (drawing, keys, the course format out) is here.
import { Solver, sample, readFile, status } from './client.js';

const solver = new Solver();
const $ = (id) => document.getElementById(id);
const digitKeys = '123456789abc';  // 10, 11, 12 typed as a, b, c

let puzzle = null;      // {n, givens, right, down}
let entries = [];       // n*n: the player's digit, 0 none
let marks = [];         // n*n: Set of pencil marks
let flags = [];         // n*n: '', 'wrong', 'hinted', 'solved'
let solution = null;    // n*n once the worker solved the puzzle, for check and solve
let selected = 0;
let pencil = false;

function show(message, kind) { status($('fut-status'), message, kind); }

// The course's text format: the grid, the horizontal signs, the vertical signs.
export function puzzleText(p, values = p.givens) {
  const n = p.n;
  const rows = [];
  for (let r = 0; r < n; ++r) rows.push(values.slice(r * n, r * n + n).join(' '));
  rows.push('');
  for (let r = 0; r < n; ++r) rows.push(p.right.slice(r * (n - 1), (r + 1) * (n - 1)).map((s) => s || '0').join(' '));
  rows.push('');
  for (let r = 0; r < n - 1; ++r) rows.push(p.down.slice(r * n, (r + 1) * n).map((s) => s || '0').join(' '));
  return rows.join('\n') + '\n';
}

function setPuzzle(p, how) {
  puzzle = p;
  const cells = p.n * p.n;
  entries = new Array(cells).fill(0);
  marks = Array.from({ length: cells }, () => new Set());
  flags = new Array(cells).fill('');
  solution = null;
  selected = p.givens.findIndex((g) => g === 0);
  if (selected < 0) selected = 0;
  $('fut-size').value = String(p.n);
  draw();
  show(how);
}

function value(i) { return puzzle.givens[i] || entries[i]; }

// Digits that repeat in a row or column, or break a sign: shown in red as the player types.
function conflicts() {
  const n = puzzle.n;
  const bad = new Set();
  for (let r = 0; r < n; ++r)
    for (let c = 0; c < n; ++c) {
      const i = r * n + c;
      const v = value(i);
      if (!v) continue;
      for (let k = 0; k < n; ++k) {
        if (k !== c && value(r * n + k) === v) bad.add(i);
        if (k !== r && value(k * n + c) === v) bad.add(i);
      }
      const check = (j, sign, lessSign) => {
        const w = value(j);
        if (!w || !sign) return;
        if ((sign === lessSign) !== (v < w)) { bad.add(i); bad.add(j); }
      };
      if (c < n - 1) check(i + 1, puzzle.right[r * (n - 1) + c], '<');
      if (r < n - 1) check(i + n, puzzle.down[r * n + c], '^');
    }
  return bad;
}

function draw() {
  const n = puzzle.n;
  const board = $('fut-board');
  board.style.setProperty('--n', n);
  board.style.gridTemplateColumns = `repeat(${n - 1}, auto auto) auto`;
  board.replaceChildren();
  const bad = conflicts();
  const cols = Math.ceil(Math.sqrt(n));
  for (let r = 0; r < n; ++r) {
    for (let c = 0; c < n; ++c) {
      const i = r * n + c;
      const cell = document.createElement('div');
      cell.className = 'fut-cell';
      cell.dataset.index = i;
      cell.setAttribute('role', 'button');
      cell.setAttribute('aria-label', `row ${r + 1} column ${c + 1}`);
      if (puzzle.givens[i]) {
        cell.classList.add('given');
        cell.textContent = puzzle.givens[i];
      } else if (entries[i]) {
        cell.classList.add('entry');
        cell.textContent = entries[i];
        if (flags[i]) cell.classList.add(flags[i]);
        if (bad.has(i)) cell.classList.add('conflict');
      } else if (marks[i].size) {
        const box = document.createElement('div');
        box.className = 'marks';
        box.style.setProperty('--marks-cols', cols);
        for (let d = 1; d <= n; ++d) {
          const span = document.createElement('span');
          span.textContent = marks[i].has(d) ? d : '';
          box.append(span);
        }
        cell.append(box);
      }
      if (i === selected) cell.classList.add('selected');
      cell.addEventListener('click', () => { selected = i; draw(); });
      board.append(cell);
      if (c < n - 1) {
        const sign = document.createElement('div');
        sign.className = 'fut-sign h';
        sign.textContent = puzzle.right[r * (n - 1) + c];
        board.append(sign);
      }
    }
    if (r < n - 1)
      for (let c = 0; c < n; ++c) {
        const sign = document.createElement('div');
        sign.className = 'fut-sign v';
        const s = puzzle.down[r * n + c];
        sign.textContent = s === '^' ? '∧' : s === 'v' ? '∨' : '';
        board.append(sign);
        if (c < n - 1) board.append(document.createElement('div'));
      }
  }
  drawPad();
}

function drawPad() {
  const pad = $('fut-pad');
  pad.replaceChildren();
  for (let d = 1; d <= puzzle.n; ++d) {
    const b = document.createElement('button');
    b.textContent = d;
    b.addEventListener('click', () => enter(d, pencil));
    pad.append(b);
  }
  const erase = document.createElement('button');
  erase.textContent = '⌫';
  erase.title = 'clear the cell';
  erase.addEventListener('click', () => enter(0, false));
  const toggle = document.createElement('button');
  toggle.id = 'fut-pencil';
  toggle.textContent = 'Pencil';
  toggle.className = pencil ? 'on' : '';
  toggle.setAttribute('aria-pressed', pencil);
  toggle.addEventListener('click', () => { pencil = !pencil; drawPad(); });
  pad.append(erase, toggle);
}

// A digit (0 clears) into the selected cell, or a pencil mark toggled.
function enter(d, asMark) {
  if (!puzzle || puzzle.givens[selected]) return;
  if (asMark && d) {
    if (entries[selected]) return;
    if (marks[selected].has(d)) marks[selected].delete(d); else marks[selected].add(d);
  } else {
    entries[selected] = d;
    flags[selected] = '';
    if (!d) marks[selected].clear();
  }
  draw();
  if (d && !asMark && puzzle.givens.every((g, i) => g || entries[i]) && conflicts().size === 0)
    show('Solved: every row and column complete, every sign kept. Well done!');
}

document.addEventListener('keydown', (event) => {
  if ($('page-futoshiki').hidden || !puzzle || event.target.closest('input, select, textarea')) return;
  const n = puzzle.n;
  const r = Math.floor(selected / n), c = selected % n;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const key = event.key.toLowerCase();
  // With Shift, event.key is '!' for 1 on a US keyboard: event.code tells the digit.
  const codeDigit = /^Digit([1-9])$/.exec(event.code);
  if (moves[event.key]) {
    const [dr, dc] = moves[event.key];
    selected = ((r + dr + n) % n) * n + ((c + dc + n) % n);
    draw();
  } else if (event.shiftKey && codeDigit && Number(codeDigit[1]) <= n) {
    enter(Number(codeDigit[1]), true);
  } else if (digitKeys.indexOf(key) >= 0 && digitKeys.indexOf(key) < n && !event.ctrlKey && !event.metaKey) {
    enter(digitKeys.indexOf(key) + 1, pencil);
  } else if (event.key === 'Backspace' || event.key === 'Delete' || event.key === '0') {
    enter(0, false);
  } else if (key === 'p') {
    pencil = !pencil;
    drawPad();
  } else {
    return;
  }
  event.preventDefault();
});

async function solved() {
  if (solution) return solution;
  const answer = await solver.call('futoshikiSolve', [puzzleText(puzzle)]);
  if (answer.error) throw new Error(answer.error);
  if (answer.status === 'none') throw new Error('This puzzle has no solution.');
  if (answer.status === 'several') throw new Error('This puzzle has more than one solution: check and hints need a unique one.');
  solution = answer.solution;
  return solution;
}

async function check() {
  try {
    const s = await solved();
    let wrong = 0, open = 0;
    entries.forEach((d, i) => {
      if (puzzle.givens[i]) return;
      if (!d) { ++open; return; }
      if (d !== s[i]) { flags[i] = 'wrong'; ++wrong; }
    });
    draw();
    show(wrong ? `${wrong} wrong digit${wrong > 1 ? 's' : ''} (in red).`
               : open ? `No mistakes so far; ${open} cell${open > 1 ? 's' : ''} to go.` : 'Solved!',
         wrong ? 'error' : '');
  } catch (e) { show(e.message, 'error'); }
}

async function hint() {
  try {
    const s = await solved();
    // The hint starts from the givens and the player's right digits; wrong ones are flagged first.
    const wrong = entries.filter((d, i) => d && d !== s[i]).length;
    if (wrong) { await check(); show(`Fix the ${wrong} wrong digit${wrong > 1 ? 's' : ''} in red first.`, 'error'); return; }
    const known = puzzle.givens.map((g, i) => g || entries[i]);
    const h = await solver.call('futoshikiHint', [puzzleText(puzzle, known)]);
    if (h.error) { show(h.error, 'error'); return; }
    if (h.none) { show('No hint: the grid is full.'); return; }  // (the digits given to it are right)
    const i = h.row * puzzle.n + h.col;
    entries[i] = h.value;
    flags[i] = 'hinted';
    marks[i].clear();
    selected = i;
    draw();
    show(`Row ${h.row + 1}, column ${h.col + 1} is ${h.value}: ${h.reason}`);
  } catch (e) { show(e.message, 'error'); }
}

async function solve() {
  try {
    const s = await solved();
    s.forEach((d, i) => {
      if (puzzle.givens[i] || entries[i] === d) return;
      entries[i] = d;
      flags[i] = 'solved';
    });
    draw();
    show('Solved by libsolve (its digits in grey italics).');
  } catch (e) { show(e.message, 'error'); }
}

async function generate() {
  const n = Number($('fut-size').value), level = $('fut-level').value;
  show(`Generating a ${n}×${n} ${level} puzzle…`);
  const seed = Math.floor(Math.random() * 2 ** 52);
  const answer = await solver.call('futoshikiGenerate', [n, level, seed]);
  if (answer.error) { show(answer.error, 'error'); return; }
  setPuzzle(answer.puzzle, `A new ${n}×${n} ${level} puzzle (seed ${seed}).`);
}

async function load(text, name) {
  const answer = await solver.call('futoshikiParse', [text]);
  if (answer.error) { show(`${name}: ${answer.error}`, 'error'); return; }
  setPuzzle(answer.puzzle, `${name}: a ${answer.puzzle.n}×${answer.puzzle.n} puzzle.`);
  const grade = await solver.call('futoshikiGrade', [text]);
  if (grade.error || puzzle !== answer.puzzle) return;
  const level = !grade.solvable ? 'it has no solution'
    : !grade.unique ? 'it has more than one solution'
    : grade.level ? `graded ${grade.level}` : 'beyond extreme (it needs more than one trial)';
  show(`${name}: a ${puzzle.n}×${puzzle.n} puzzle, ${level}.`);
}

function save() {
  const blob = new Blob([puzzleText(puzzle)], { type: 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `futoshiki-${puzzle.n}x${puzzle.n}.txt`;
  a.click();
  URL.revokeObjectURL(a.href);
}

export async function init() {
  for (let n = 4; n <= 12; ++n) $('fut-size').append(new Option(`${n}×${n}`, n));
  $('fut-size').value = '5';
  $('fut-new').addEventListener('click', generate);
  $('fut-check').addEventListener('click', check);
  $('fut-hint').addEventListener('click', hint);
  $('fut-solve').addEventListener('click', solve);
  $('fut-save').addEventListener('click', save);
  $('fut-clear').addEventListener('click', () => setPuzzle(puzzle, 'Your digits are cleared.'));
  $('fut-open').addEventListener('change', async () => {
    const file = await readFile($('fut-open'));
    if (file) load(file.text, file.name);
  });
  $('fut-sample').addEventListener('change', async () => {
    const name = $('fut-sample').value;
    if (name) load(await sample(name), name);
  });
  await generate();
}
