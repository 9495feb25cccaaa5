// The parts of a tab's view that the page's first result never has, in one chunk that main.js and
// tabs.js import when a view first has one (and once the full build, which they all need, has
// loaded): the Compatibility matrix, the session's sequence, the elicitation form. One module, so
// that the code they share with main.js is one chunk, preloaded with it.
export { compatOf, compatView, renderCompat } from './compat-view.js';
export { renderSequence } from './sequence.js';
export { ElicitationForm } from './elicitation-form.js';
