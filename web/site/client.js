// The page's side of worker.js: call(fn, args, onProgress) returns a promise of the binding's
// answer. One Solver per page, so a long count on one page never holds up another; cancel()
// ends the search by terminating the worker (the wasm search cannot be interrupted from
// outside) and starts a fresh one for the next request.
export class Solver {
  constructor() {
    this.next = 1;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker('worker.js');
    this.worker.onmessage = (event) => {
      const { id, result, progress } = event.data;
      const call = this.pending.get(id);
      if (!call) return;
      if (progress) {
        if (call.onProgress) call.onProgress(progress);
        return;
      }
      this.pending.delete(id);
      call.resolve(result);
    };
    this.worker.onerror = (event) => {
      for (const call of this.pending.values()) call.resolve({ error: `worker failed: ${event.message}` });
      this.pending.clear();
    };
  }

  call(fn, args, onProgress) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.worker.postMessage({ id, fn, args, progress: Boolean(onProgress) });
    });
  }

  busy() { return this.pending.size > 0; }

  cancel() {
    this.worker.terminate();
    for (const call of this.pending.values()) call.resolve({ cancelled: true });
    this.pending.clear();
    this.start();
  }
}

// The text of a sample shipped with the site (samples/NAME).
export async function sample(name) {
  const response = await fetch(`samples/${name}`);
  if (!response.ok) throw new Error(`samples/${name}: ${response.status}`);
  return response.text();
}

// The text of a file the user picked in an <input type="file">.
export function readFile(input) {
  const file = input.files[0];
  input.value = '';
  return file ? file.text().then((text) => ({ name: file.name, text })) : Promise.resolve(null);
}

// Sets a status line; kind 'error' shows it in red.
export function status(element, text, kind = '') {
  element.textContent = text;
  element.className = `status ${kind}`;
}

// While a search runs: its Cancel button and progress bar on, its start buttons off.
export function running(on, cancel, progress, buttons) {
  cancel.disabled = !on;
  for (const b of buttons) b.disabled = on;
  progress.hidden = !on;
  progress.value = 0;
}
