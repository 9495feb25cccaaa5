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

/** Findings of the reports of many files checked against one tool: the findings about the tool
 * (and capabilities) text are the same in every report (the crate's `HostReport`: they depend on
 * that text alone), so they are taken from the first; each report's own, from each. */
export function hostFindingsOfEach(reports, files) {
  return reports.flatMap(({ report, file }, i) => hostFindings(report, i === 0 ? { ...files, diagnostics: file } : { diagnostics: file }));
}
