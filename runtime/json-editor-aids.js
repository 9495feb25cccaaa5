// The editing aids of json-editor.js's editors, the part of CodeMirror's `basicSetup` that the
// first drawing of a text does not need: the undo history, the default and search keymaps,
// closing brackets, completion, selection-match highlighting. Imported by its `loadEditing()`, as
// a chunk of its own in a page built with code splitting (the toolbox page), inlined in the
// package's bundled json-editor.js (scripts/build-pkg.mjs), which is why the package does not
// ship this file.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';

/** The aids, as json-editor.js's `setup(aids)` places them in `basicSetup`'s order. */
export const aids = {
  history: history(),
  closeBrackets: closeBrackets(),
  autocompletion: autocompletion(),
  selectionMatches: highlightSelectionMatches(),
  closeBracketsKeymap,
  defaultKeymap,
  searchKeymap,
  historyKeymap,
  completionKeymap,
};
