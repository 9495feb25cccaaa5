// `--format sarif`: the findings as one SARIF 2.1.0 log (OASIS, https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html,
// checked 2026-12-03), what GitHub code scanning and other CI viewers read. Layout only: each
// Finding (runtime/README.md) becomes a `result` with its rule (the finding's code), level,
// message, file URI and region; the rules are the codes found, each described by the crate's
// registry (`codes.json` beside the .wasm, generated from src/diagnostic/codes.rs: its summary,
// default level and the public rule it holds to as its help URI; a consumer's rule `target/rule`
// by docs/compat.md). tests/node/sarif.test.mjs validates the output against the SARIF 2.1.0
// schema.
import { readFileSync } from 'node:fs';
import { version } from 'mcp-json-toolbox';

/** Where the docs live (Cargo.toml `repository`), for each rule's `helpUri`. */
const DOCS = 'https://github.com/mcp-json-toolbox/mcp-json-toolbox/blob/main/docs';

/** The SARIF level of a severity (SARIF §3.27.10: `error`, `warning`, `note`). */
const LEVELS = { error: 'error', warning: 'warning', info: 'note' };

/** The docs page that lists a code: a consumer's rule (`target/rule`) is compat.md's, the rest
 * (the crate's registry) codes.md's. */
function docsPage(code) {
  return code.includes('/') ? `${DOCS}/compat.md` : `${DOCS}/codes.md`;
}

/** The registry's rows by code (the package's `codes.json`), read once. */
let registry;
function registered(code) {
  registry ??= new Map(JSON.parse(readFileSync(new URL('../codes.json', import.meta.url), 'utf8')).map((row) => [row.code, row]));
  return registry.get(code);
}

/** A file name as a URI reference relative to where the command ran (SARIF §3.4.3: `/` separated,
 * each segment percent-encoded). */
export function fileUri(file) {
  return String(file).replace(/\\/g, '/').split('/').map(encodeURIComponent).join('/');
}

/** The rule of a code as the registry describes it: SARIF `reportingDescriptor` (§3.49), its help
 * URI the public rule it holds to (else the docs page that lists it); a consumer's rule, which
 * its compatibility data registers, by its name and that page. */
function rule(code) {
  const row = registered(code);
  const [consumer, name] = code.split('/');
  const summary = row?.summary ?? `${consumer}'s rule ${name}`;
  const helpUri = row?.source ?? docsPage(code);
  const descriptor = {
    id: code,
    shortDescription: { text: summary },
    fullDescription: { text: `${summary} (the rule: ${helpUri})` },
    help: { text: `${summary}. The rule: ${helpUri}; every code: ${docsPage(code)}` },
    helpUri,
  };
  if (row) descriptor.defaultConfiguration = { level: LEVELS[row.severity] ?? 'note' };
  return descriptor;
}

/** Where a finding is: its file and region, or (a finding in a file that was never written, e.g.
 * check-server's transcript without --record) the logical place `place(finding)` gives. */
function locations(finding, place) {
  const placed = place?.(finding);
  if (placed) return [{ logicalLocations: [{ fullyQualifiedName: placed }] }];
  const region = { startLine: finding.line, startColumn: finding.column };
  if (finding.endLine !== undefined) region.endLine = finding.endLine;
  if (finding.endColumn !== undefined) region.endColumn = finding.endColumn;
  return [{ physicalLocation: { artifactLocation: { uri: fileUri(finding.file), uriBaseId: '%SRCROOT%' }, region } }];
}

/**
 * The SARIF 2.1.0 log of `list` (Findings): one run, the rules in the order first found, one
 * result per finding; `failure` (why the run could not finish) a failed invocation with it as a
 * notification; `place` as in report.js; `about(finding)`: what the message says after the text
 * (its tool, or its instance path).
 * @param {object[]} list
 * @param {{ failure?: unknown, place?: (finding: object) => unknown, about?: (finding: object) => string }} [options]
 */
export function sarifLog(list, { failure, place, about = () => '' } = {}) {
  const rules = new Map();
  for (const finding of list) if (!rules.has(finding.code)) rules.set(finding.code, rule(finding.code));
  const index = new Map([...rules.keys()].map((code, i) => [code, i]));
  const results = list.map((finding) => {
    const result = {
      ruleId: finding.code,
      ruleIndex: index.get(finding.code),
      level: LEVELS[finding.severity] ?? 'note',
      message: { text: finding.message + (place?.(finding) ? '' : about(finding)) },
      locations: locations(finding, place),
    };
    const properties = {};
    if (finding.tool) properties.tool = finding.tool;
    if (finding.instancePath) properties.instancePath = finding.instancePath;
    if (Object.keys(properties).length) result.properties = properties;
    return result;
  });
  const invocation = { executionSuccessful: failure === undefined };
  if (failure !== undefined) invocation.toolExecutionNotifications = [{ level: 'error', message: { text: failure } }];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'mcp-json-toolbox',
          version: version(),
          informationUri: 'https://github.com/mcp-json-toolbox/mcp-json-toolbox',
          rules: [...rules.values()],
        },
      },
      invocations: [invocation],
      results,
    }],
  };
}
