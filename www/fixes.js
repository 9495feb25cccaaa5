// "Apply fix" for diagnostics that carry one (the schema lint: a misspelt keyword, the nearest
// allowed value, `prefixItems` for a 2020-12 tuple): the action CodeMirror's lint tooltip shows as
// a button. The fix's `span` is in the text of the editor the diagnostic is shown in.

/** The CodeMirror lint actions for a diagnostic's `fix` (none without one). */
export function fixActions(fix) {
  if (!fix?.span || typeof fix.replacement !== 'string') return [];
  return [
    {
      name: `Apply fix: ${fix.replacement}`,
      apply(view) {
        const length = view.state.doc.length;
        const from = Math.min(fix.span.start, length);
        const to = Math.min(Math.max(fix.span.end, from), length);
        view.dispatch({ changes: { from, to, insert: fix.replacement }, userEvent: 'input.fix' });
      },
    },
  ];
}
