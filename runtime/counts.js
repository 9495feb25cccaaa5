// The one count of findings by severity, "2 errors, 1 warning, 3 notes": the page's summary
// (www/render.js) and the CLI's last line (cli/report.js). Presentation only: the severities
// are the crate's.

/** The severities in the order they are counted, and the word for each. */
const WORDS = [['error', 'error'], ['warning', 'warning'], ['info', 'note']];

/** "2 errors, 1 warning, 3 notes" for `list` (anything with a `severity`), "" when empty. */
export function countText(list) {
  const counts = {};
  for (const { severity } of list) counts[severity] = (counts[severity] ?? 0) + 1;
  return WORDS.filter(([severity]) => counts[severity] > 0)
    .map(([severity, word]) => `${counts[severity]} ${word}${counts[severity] === 1 ? '' : 's'}`)
    .join(', ');
}
