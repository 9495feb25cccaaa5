//! The registry of finding codes: every `code` a [`Diagnostic`](super::Diagnostic) of the crate
//! carries, with the severity it is emitted with, the layer that emits it, a one-line summary, the
//! public rule it holds to and whether a fix comes with it (the model: ruff's rule registry,
//! <https://docs.astral.sh/ruff/rules/>, checked 2026-12-06).
//!
//! A consumer's rule (`anthropic/name`, `consumer/rule`) is registered by its entry in
//! `compat-data/` (with its evidence and dates) instead: [`is_registered`] takes any code with a
//! `/`. In a debug build [`Diagnostic::new`](super::Diagnostic::new) (and
//! [`Diagnostic::with_code`](super::Diagnostic::with_code)) panics on a code not registered here,
//! or emitted more severely than registered, so a new code fails every test that reaches it;
//! `tests/native/codes.rs` also holds the docs' tables and every literal code of `src/` to this
//! table, and generates from it `docs/codes.md` and `runtime/codes.json` (`UPDATE_DOCS=1 cargo test
//! --test native codes::`), the rows the package ships beside its `.wasm` (`mcp-json-toolbox/codes.json`,
//! which SARIF's rules read): embedded in the full build they would cost about 3 KB brotli (the
//! JSON appended to its `.wasm`, 2026-12-06) that the page, which never lists them, would load.
//!
//! Sources checked 2026-12-06 (the rules' own doc comments at their call sites say more).

use serde::Serialize;

use super::Severity;
use Severity::{Error as E, Info as I, Warning as W};

/// One registered finding code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Code {
    /// The code a finding carries.
    pub code: &'static str,
    /// The severity it is emitted with: the most severe, when it varies (a finding may be less).
    pub severity: Severity,
    /// The layer of `src/` that emits it (`lint`, `validate`, `host`, …).
    pub layer: &'static str,
    /// What it says, in one line.
    pub summary: &'static str,
    /// The public rule it holds to (a spec page), absent when the rule is the toolbox's own.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub source: &'static str,
    /// Whether its findings may carry a `fix`.
    pub fix: bool,
}

/// A registry row.
const fn c(
    code: &'static str,
    severity: Severity,
    layer: &'static str,
    summary: &'static str,
    source: &'static str,
    fix: bool,
) -> Code {
    Code {
        code,
        severity,
        layer,
        summary,
        source,
        fix,
    }
}

/// A page of the MCP specification, 2025-11-25 unless the path names another version.
macro_rules! mcp {
    ($path:literal) => {
        concat!("https://modelcontextprotocol.io/specification/", $path)
    };
}

const JSON: &str = "https://www.rfc-editor.org/rfc/rfc8259";
const JSONRPC: &str = "https://www.jsonrpc.org/specification";
const VALIDATION: &str = "https://json-schema.org/draft/2020-12/json-schema-validation";
const CORE: &str = "https://json-schema.org/draft/2020-12/json-schema-core";
const SCHEMA: &str =
    "https://github.com/modelcontextprotocol/modelcontextprotocol/tree/main/schema";
const TOOLS: &str = mcp!("2025-11-25/server/tools");
const TASKS: &str = mcp!("2025-11-25/basic/utilities/tasks");
const ELICITATION: &str = mcp!("2025-11-25/client/elicitation");
const AUTH: &str = mcp!("2025-11-25/basic/authorization");
const STDIO: &str = mcp!("2025-11-25/basic/transports#stdio");
const HTTP: &str = mcp!("2026-07-28/basic/transports/streamable-http");
const PAGINATION: &str = mcp!("2025-11-25/server/utilities/pagination");
const LIFECYCLE: &str = mcp!("2025-11-25/basic/lifecycle");
const BASIC: &str = mcp!("2025-11-25/basic");

/// A JSON Schema keyword's failure in validation (its code is the keyword's name).
const fn keyword(code: &'static str) -> Code {
    c(
        code,
        E,
        "validate",
        "the value breaks this schema keyword",
        VALIDATION,
        false,
    )
}

/// Every registered code, by layer.
#[rustfmt::skip]
pub const CODES: &[Code] = &[
    c("more-diagnostics", I, "diagnostic", "more findings than shown: their count", "", false),
    c("syntax", E, "json", "not JSON text here", JSON, false),
    c("eof", E, "json", "the JSON text ends too early", JSON, false),
    c("empty", E, "json", "no JSON value", JSON, false),
    c("depth-limit", E, "json", "nested deeper than the reader allows", "", false),
    c("size-limit", E, "json", "longer than the limit allows", "", false),
    c("invalid-utf8", E, "json", "not UTF-8 text", JSON, false),
    c("byte-order-mark", W, "json", "a byte order mark before the JSON text", JSON, false),
    c("lone-surrogate", W, "json", "a `\\u` escape of half a surrogate pair", JSON, false),
    c("duplicate-key", W, "json", "an object names a member twice", JSON, false),
    c("unformatted", E, "format", "the text differs from its formatting", "", false),
    c("unwrap-limit", W, "format", "stringified JSON nested deeper than unwrapped", "", false),
    c("not-stringified-json", I, "format", "a string that holds no JSON", "", false),
    c("unwrapped-string", I, "format", "a string of JSON shown as its value", "", false),
    c("missing-schema", E, "docs_example", "a docs example names a schema it lacks", "", false),
    c("expect-mismatch", E, "docs_example", "a docs example's check differs from its expect", "", false),
    c("unknown-keyword", W, "lint", "not a keyword of the dialect: ignored", CORE, true),
    c("invalid-schema", E, "lint", "the dialect's meta-schema rejects a value", VALIDATION, true),
    c("items-array", E, "lint", "`items` as an array in 2020-12", CORE, true),
    c("unsupported-dialect", E, "lint", "`$schema` names no known dialect", BASIC, false),
    c("empty-range", W, "lint", "bounds no value satisfies", VALIDATION, false),
    c("required-forbidden", W, "lint", "a required name the schema forbids", VALIDATION, false),
    c("type-excludes-value", W, "lint", "an enum or const value its type rejects", VALIDATION, false),
    c("invalid-default", W, "lint", "a default its own schema rejects", VALIDATION, false),
    c("invalid-example", W, "lint", "an example its own schema rejects", VALIDATION, false),
    c("ignored-for-type", W, "lint", "a keyword that cannot apply to the type", VALIDATION, false),
    c("ignored-ref-sibling", W, "lint", "an assertion beside `$ref` (draft-07 and earlier)", CORE, false),
    c("ignored-dependencies", W, "lint", "`dependencies` in 2019-09 and later", CORE, true),
    c("ignored-additional-items", W, "lint", "`additionalItems` without an array `items`", CORE, false),
    c("ignored-then-else", W, "lint", "`then` or `else` without `if`", CORE, false),
    c("closed-against-allof", W, "lint", "`additionalProperties: false` beside combined properties", CORE, false),
    c("pattern-ecma", W, "lint", "a pattern ECMA-262 rejects or reads differently", VALIDATION, true),
    keyword("$ref"),
    keyword("additionalItems"),
    keyword("additionalProperties"),
    keyword("anyOf"),
    keyword("const"),
    keyword("contains"),
    keyword("contentEncoding"),
    keyword("contentMediaType"),
    keyword("enum"),
    keyword("exclusiveMaximum"),
    keyword("exclusiveMinimum"),
    keyword("falseSchema"),
    keyword("format"),
    keyword("maxItems"),
    keyword("maxLength"),
    keyword("maxProperties"),
    keyword("maximum"),
    keyword("minItems"),
    keyword("minLength"),
    keyword("minProperties"),
    keyword("minimum"),
    keyword("multipleOf"),
    keyword("not"),
    keyword("oneOf"),
    keyword("pattern"),
    keyword("propertyNames"),
    keyword("required"),
    keyword("type"),
    keyword("unevaluatedItems"),
    keyword("unevaluatedProperties"),
    keyword("uniqueItems"),
    c("unresolved-ref", E, "validate", "a `$ref` that resolves nowhere", CORE, false),
    c("schema-missing", E, "validate", "no schema to validate against", "", false),
    c("unknown-format", W, "validate", "a `format` the validator does not know: not checked", VALIDATION, false),
    c("stringified-arguments", I, "validate", "arguments sent as a string of JSON", "", false),
    c("stringified-value", W, "validate", "a string of JSON where the schema wants its value", "", false),
    c("compat-data-invalid", E, "compat", "compatibility data its schema rejects", "", false),
    c("not-a-tool", E, "compat", "not a tool definition or a tools/list result", SCHEMA, false),
    c("tool-name-missing", E, "compat", "a tool without `name`", SCHEMA, false),
    c("input-schema-missing", E, "compat", "a tool without `inputSchema`", SCHEMA, false),
    c("tool-name-invalid", E, "compat", "a tool name outside the spec's characters or length", TOOLS, true),
    c("schema-root-not-object", E, "compat", "an inputSchema whose root is not an object", SCHEMA, true),
    c("x-mcp-header-invalid", E, "compat", "an `x-mcp-header` a client must drop the tool for", HTTP, false),
    c("unusable-schema", E, "compat", "a schema that cannot be compiled", "", false),
    c("mislabelled-task-result", E, "classify", "a result labelled as another kind", SCHEMA, false),
    c("unknown-result-type", E, "classify", "a `resultType` the version does not define", SCHEMA, false),
    c("terminal-task-handle", W, "classify", "a task handle already in a terminal status", TASKS, false),
    c("structured-content-not-object", E, "classify", "`structuredContent` that is not an object", TOOLS, false),
    c("mixed-generations", E, "classify", "members of two protocol generations in one payload", SCHEMA, false),
    c("task-id-format", W, "classify", "a task id of an unusual form", TASKS, false),
    c("empty-batch", E, "classify", "an empty JSON-RPC batch", JSONRPC, false),
    c("not-a-message", E, "classify", "not a JSON-RPC message", JSONRPC, false),
    c("unrecognised", W, "classify", "no MCP message or result this is recognised as", SCHEMA, false),
    c("result-not-object", E, "classify", "a result that is not an object", SCHEMA, false),
    c("legacy-result-wrapper", W, "classify", "a result wrapper that is no JSON-RPC message", JSONRPC, false),
    c("jsonrpc-version", E, "classify", "`jsonrpc` is not \"2.0\"", JSONRPC, false),
    c("jsonrpc-missing", E, "classify", "no `jsonrpc` member", JSONRPC, false),
    c("null-id", E, "classify", "an `id` of null", JSONRPC, false),
    c("id-type", E, "classify", "an `id` that is no string or integer", SCHEMA, false),
    c("id-missing", E, "classify", "a response without `id`", JSONRPC, false),
    c("result-and-error", E, "classify", "a response with both result and error", JSONRPC, false),
    c("stringified-message", I, "classify", "a message sent as a string of JSON", "", false),
    c("duplicate-tool-name", E, "host", "two tools of one name", TOOLS, false),
    c("execution-not-in-generation", W, "host", "`execution` in a version without it", SCHEMA, false),
    c("no-argument-tool-open", W, "host", "a tool without arguments whose schema is open", TOOLS, false),
    c("task-support-invalid", E, "host", "`taskSupport` outside its enum", SCHEMA, false),
    c("not-a-tool-call", E, "host", "not a tools/call request", SCHEMA, false),
    c("not-a-tool-result", E, "host", "not a tools/call result", SCHEMA, false),
    c("unknown-tool", E, "host", "a call to a tool not listed", TOOLS, false),
    c("capabilities-unknown", I, "host", "task support not checked: no capabilities given", TASKS, false),
    c("task-param-in-2026", E, "host", "a `task` parameter 2026-07-28 lacks", SCHEMA, false),
    c("task-not-negotiated", E, "host", "a task asked of a receiver that declared none", TASKS, false),
    c("task-support-unavailable", E, "host", "a task asked of a tool that forbids it", TASKS, false),
    c("task-required", E, "host", "a call without the task its tool requires", TASKS, false),
    c("task-forbidden", E, "host", "a call with a task its tool forbids", TASKS, false),
    c("structured-content-missing", E, "host", "no `structuredContent` though an outputSchema", TOOLS, false),
    c("unsupported-result-type-task", E, "host", "a task result without the tasks extension", SCHEMA, false),
    c("ambiguous-tool", W, "host", "the tool list names more than one tool to check", "", false),
    c("error-response", I, "host", "an error response, not a tool result", JSONRPC, false),
    c("input-required", I, "host", "a result asking for input", SCHEMA, false),
    c("task-handle", I, "host", "a task handle, not the final result", TASKS, false),
    c("structured-content-skipped", I, "host", "an error result: structuredContent not checked", TOOLS, false),
    c("not-an-elicitation", E, "host", "not an elicitation request", ELICITATION, false),
    c("elicitation-answer-mismatch", E, "host", "an answer that does not fit its request", ELICITATION, false),
    c("elicitation-content-missing", E, "host", "an accepted elicitation without content", ELICITATION, false),
    c("elicitation-content-unexpected", E, "host", "content with a declined or cancelled elicitation", ELICITATION, false),
    c("elicitation-enum-invalid", W, "host", "an enum of an elicitation form out of shape", ELICITATION, false),
    c("elicitation-format-unknown", E, "host", "a form field `format` the spec does not allow", ELICITATION, false),
    c("elicitation-keyword-ignored", W, "host", "a keyword a form field ignores", ELICITATION, false),
    c("elicitation-required-undeclared", W, "host", "a required field not in `properties`", ELICITATION, false),
    c("elicitation-schema-nested", E, "host", "a form schema that is not flat", ELICITATION, false),
    c("elicitation-schema-unsupported", E, "host", "a form field of a type forms lack", ELICITATION, false),
    c("input-response-duplicate", E, "host", "an input answered twice", SCHEMA, false),
    c("input-response-missing", E, "host", "an input request left unanswered", SCHEMA, false),
    c("input-response-unknown-key", E, "host", "an answer to an input never asked", SCHEMA, false),
    c("auth-challenge-missing", E, "host", "a 401 without `WWW-Authenticate`", AUTH, false),
    c("auth-resource-metadata-missing", E, "host", "no protected resource metadata", AUTH, false),
    c("auth-resource-metadata-invalid", E, "host", "protected resource metadata out of shape", AUTH, false),
    c("auth-resource-mismatch", E, "host", "resource metadata for another resource", AUTH, false),
    c("auth-issuer-mismatch", E, "host", "authorization server metadata of another issuer", AUTH, false),
    c("auth-pkce-missing", E, "host", "an authorization server without PKCE S256", AUTH, false),
    c("official-schema", E, "host", "a message its version's official schema rejects", SCHEMA, false),
    c("schema-version", E, "host", "valid only in another protocol version", SCHEMA, false),
    c("cursor-loop", E, "host", "a `nextCursor` given twice in one listing", PAGINATION, false),
    c("unknown-task", W, "host", "a task not created in the transcript", TASKS, false),
    c("unmatched-response", E, "host", "a response to no pending request", JSONRPC, false),
    c("wrong-refusal-code", W, "host", "a refused task call with another error code", TASKS, false),
    c("required-task-not-refused", E, "host", "a task-requiring call answered without a task", TASKS, false),
    c("session-limit", W, "host", "more than the session keeps: the oldest dropped", "", false),
    c("fake-result-while-working", E, "host", "a tool result for a task still working", TASKS, false),
    c("forbidden-transition", E, "host", "a task status change the spec forbids", TASKS, false),
    c("status-after-terminal", E, "host", "a task status after its terminal one", TASKS, false),
    c("is-error-status-mismatch", E, "host", "`isError` against the task's status", TASKS, false),
    c("last-updated-backwards", W, "host", "a task's `lastUpdatedAt` earlier than before", TASKS, false),
    c("poll-too-fast", W, "host", "a task polled before its poll interval", TASKS, false),
    c("result-before-completion", E, "host", "a task's result before it ended", TASKS, false),
    c("task-id-reused", E, "host", "a task id created twice", TASKS, false),
    c("unknown-status", E, "host", "a task status the spec does not define", TASKS, false),
    c("never-terminal", W, "host", "a task that never ended", TASKS, false),
    c("invalid-timestamp", W, "host", "a timestamp that is no RFC 3339 date-time", TASKS, false),
    c("input-after-terminal", E, "host", "an input request after the task ended", TASKS, false),
    c("input-not-requested", E, "host", "input sent that the task did not ask for", TASKS, false),
    c("http-header-missing", E, "host", "a required HTTP header left out", HTTP, false),
    c("http-header-mismatch", E, "host", "an HTTP header against its message", HTTP, false),
    c("http-error-status", E, "host", "a JSON-RPC error with the wrong HTTP status", HTTP, false),
    c("http-mismatch-accepted", E, "host", "a header mismatch the server accepted", HTTP, false),
    c("sse-server-request", E, "host", "a server request on a stream it may not use", HTTP, false),
    c("stdin-not-json", E, "host", "a client line on stdin that is no message", STDIO, false),
    c("stdout-not-json", E, "host", "a server line on stdout that is no message", STDIO, false),
    c("elicit-not-json", E, "host", "an elicitation answer that is no JSON", ELICITATION, false),
    c("initialize-refused", E, "host", "the server refused initialize", LIFECYCLE, false),
    c("list-refused", E, "host", "the server refused a list request", SCHEMA, false),
    c("too-many-pages", E, "host", "a listing that did not end", PAGINATION, false),
    c("task-timeout", E, "host", "a task that did not end in time", TASKS, false),
    c("input-rounds-exceeded", W, "host", "more input rounds than allowed", "", false),
    c("elicitation-cancelled", W, "host", "an elicitation cancelled by the user", ELICITATION, false),
    c("no-answer", E, "host", "a request never answered", JSONRPC, false),
    c("upstream-failed", E, "host", "the proxy's upstream failed", "", false),
    c("request-refused", W, "host", "a request the proxy refused", HTTP, false),
    c("log-too-large", E, "host", "a log longer than read", "", false),
    c("log-format-unread", W, "host", "a log of a format not read", "", false),
    c("log-empty", W, "host", "a log without messages", "", false),
    c("log-not-json", W, "host", "a log message line that is no JSON", "", false),
    c("log-line-skipped", I, "host", "JSON-RPC on a line, not read as a message", "", false),
    c("cassette-version", W, "host", "a cassette of an unknown format version", "", false),
    c("cassette-invalid", E, "host", "a cassette out of shape", "", false),
    c("har-invalid", E, "host", "a HAR without entries", "", false),
    c("export-invalid", E, "host", "an mcp-debugger export out of shape", "", false),
];

/// The registered row of `code`, if any.
pub fn code_info(code: &str) -> Option<&'static Code> {
    CODES.iter().find(|c| c.code == code)
}

/// Whether `code` is registered: a row of [`CODES`], or a consumer's rule (`consumer/rule`, which
/// its `compat-data/` entry registers).
pub fn is_registered(code: &str) -> bool {
    code.contains('/') || code_info(code).is_some()
}

/// Panics (in a debug build only) when `code` is not registered, or `severity` is more severe
/// than its row says: a new code is written here first.
pub(super) fn debug_check(code: &str, severity: Severity) {
    if cfg!(debug_assertions) && !code.contains('/') {
        let row = code_info(code);
        debug_assert!(
            row.is_some(),
            "finding code `{code}` is not in src/diagnostic/codes.rs"
        );
        let registered = row.map_or(severity, |row| row.severity);
        debug_assert!(
            severity >= registered,
            "finding code `{code}` emitted as {severity:?}, registered as {registered:?}"
        );
    }
}
