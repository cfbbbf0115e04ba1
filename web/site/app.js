// The tabs, and the service worker that keeps the site for offline use.
import * as futoshiki from './futoshiki.js';
import * as stenen from './stenen.js';
import * as xcover from './xcover.js';

const tabs = document.querySelectorAll('nav [role="tab"]');

function select(tab) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute('aria-selected', on);
    document.getElementById(t.getAttribute('aria-controls')).hidden = !on;
  }
  history.replaceState(null, '', `#${tab.id.slice(4)}`);
}

for (const t of tabs) t.addEventListener('click', () => select(t));
const start = document.getElementById(`tab-${location.hash.slice(1)}`);
if (start) select(start);

if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});

// Each page starts its own worker; the body says when all three are ready (the browser test
// waits for it).
Promise.all([futoshiki.init(), stenen.init(), xcover.init()]).then(
  () => { document.body.dataset.ready = 'yes'; },
  (e) => { document.body.dataset.ready = `error: ${e}`; });
