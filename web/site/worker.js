// The solver's thread: loads solver.js/solver.wasm and runs one request at a time, so a long
// search never blocks the page. A request is {id, fn, args}; the answer {id, result} carries
// the binding's JSON text parsed, and {id, progress} is posted while a search runs.
// Cancel = the page terminates this worker (solver.js starts a new one).
importScripts('solver.js');

const ready = createSolver();

onmessage = async (event) => {
  const { id, fn, args, progress } = event.data;
  const solver = await ready;
  const extra = progress
    ? [(done, solutions, nodes, seconds) => postMessage({ id, progress: { done, solutions, nodes, seconds } })]
    : [];
  let result;
  try {
    result = JSON.parse(solver[fn](...args, ...extra));
  } catch (e) {
    result = { error: `internal error: ${e}` };
  }
  postMessage({ id, result });
};
