// Page state in the URL fragment (deflate-raw + base64url; a fragment is never sent to a server)
// and in localStorage, so a link reproduces the page and a reload keeps it.

const STORAGE_KEY = 'mcp-json-toolbox:state';

export { decodeFragment, encodeFragment } from '../runtime/fragment.js';

/** The state saved by the last visit, or null. */
export function loadStored() {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
}

/** Saves the state for the next visit (quietly skipped when storage is full or disabled). */
export function store(state) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    /* storage full or disabled: the URL fragment still holds the state */
  }
}

/** Forgets the saved state. */
export function clearStored() {
  localStorage.removeItem(STORAGE_KEY);
}
