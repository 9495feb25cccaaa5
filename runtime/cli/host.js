// The findings of a HostReport (checkTool, checkToolCall, checkToolResult): each list against
// the file its spans point into.
import { findings } from './report.js';

/** Findings of `report`, its lists placed in `files` (`{ diagnostics, tool, capabilities }`). */
export function hostFindings(report, files) {
  return [
    ...findings(files.diagnostics, report.diagnostics),
    ...(files.tool ? findings(files.tool, report.toolDiagnostics) : []),
    ...(files.capabilities ? findings(files.capabilities, report.capabilitiesDiagnostics) : []),
  ];
}

/** Findings of the tool file, once: `toolDiagnostics` repeat in every report about one tool.
 * Presentation only: a finding identical in every field (the crate's, whole) is printed once;
 * nothing is graded, renamed or left out otherwise. */
export function once() {
  const seen = new Set();
  return (list) => list.filter((f) => {
    const k = JSON.stringify(f);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
