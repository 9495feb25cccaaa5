//! The JavaScript API of the full build beyond the validator's ([`super::validator`]):
//! classification, host checks, compatibility, lint, sessions, logs. Converts
//! arguments and results between JS and the Rust modules; no logic lives here. The TypeScript
//! of its results, of `JsonValue`, `LogFormat` (from the table of formats), `LogFormatInfo` and
//! `AuthorizationPath` is derived from the Rust types (`full.d.ts`, written by
//! `src/ts_types.rs`); the block below declares by hand what JavaScript passes in that no Rust
//! type has the shape of (each read by a hand-written `from_json`, lighter in the wasm build
//! than a serde derive: the compatibility and log options, the open target names, the run
//! events); those shared with the format core (`Diagnostic`, `Span`, ...) come with
//! [`super::core`]. This whole module is the
//! full build's (`feature = "full"`, gated in src/wasm/mod.rs): new full-build exports go here.

use wasm_bindgen::prelude::*;

use super::conversions::{json_error, options_error, options_json, read_options, to_js};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A consumer `checkCompatibility` and `lowerTool` know: a built-in one (declared by `compat-data/*.json`: `compatTargets()` lists them, e.g. `"anthropic"`, `"claude-code"`, `"mcp"`), or one that extra data declares (any name). */
export type CompatTarget = string;

/** A target, or a target at a consumer version (`claude-code@2.0`) or date (`openai@2025-06`) for an older behaviour. */
export type CompatTargetQuery = CompatTarget | `${CompatTarget}@${string}`;

/** What `checkCompatibility` checks against. */
export interface CompatOptions {
  /** The targets, in the order reported (`"all"` for every one); when left out, the default ones (`compatTargets()` with `optIn: false`). */
  targets?: (CompatTargetQuery | "all")[] | "all";
  /** The server's name as the host knows it (Cursor's server + tool name length needs it). */
  serverName?: string;
  /** Extra compatibility data in the format of `compat-data/schema.json` (its text or its value): entries, and targets it declares (which `targets` may then name); bad data is a TypeError naming each line:column. */
  data?: string | JsonValue;
}

/** Options of `readLog` and `replayLog` (`replayLog` also takes `replaySession`'s `targets` and `serverName`). */
export interface LogOptions extends CompatOptions {
  /** Read the text as this format instead of detecting it. */
  format?: LogFormat;
}

/** Options of `new Session` and `replaySession`: the compatibility targets each tools/list page is judged for (the `checkCompatibility` default when left out), and the server's name (else the one the initialize or server/discover result gives). */
export type SessionOptions = CompatOptions;

/** What the host tells `JsonLinesSession.event` about the run outside the messages, with the transcript
 * entry (0-based) it concerns: the refused answer, the last page, the task's call, the question. */
export type RunEvent = { entry?: number } & (
  | { event: "initialize-refused"; reason?: string | null }
  | { event: "list-refused"; method: string; reason: string }
  | { event: "too-many-pages"; method: string; pages: number }
  | { event: "task-timeout"; taskId: string; tool: string; timeoutMs: number }
  | { event: "input-rounds-exceeded"; tool: string; rounds: number }
  | { event: "elicitation-cancelled" }
  | { event: "no-answer"; method: string; timeoutMs: number; startup?: boolean }
  | { event: "upstream-failed"; method: string; url: string; code?: string | null; reason?: string | null; cut?: "mid-event" | "before-end" | null }
  | { event: "request-refused"; method: string; target: string; port: number; refused: "host"; host?: string | null }
  | { event: "request-refused"; method: string; target: string; port: number; refused: "origin"; origin: string }
  | { event: "request-refused"; method: string; target: string; port: number; refused: "target" }
);
"#;

// The declarations derived from the Rust types (src/ts_types.rs writes the file).
#[wasm_bindgen(typescript_custom_section)]
const DERIVED_TYPES: &'static str = include_str!("full.d.ts");

/// `formatDocument` as `format --check` judges a file: with an `unformatted` error among the
/// diagnostics when `text` is not exactly its output followed by one newline. Throws a `JsonError`.
#[wasm_bindgen(js_name = checkFormatted, unchecked_return_type = "FormatResult")]
pub fn check_formatted_js(
    text: &str,
    options: Option<super::core::FormatOptionsArg>,
) -> Result<JsValue, JsValue> {
    let options: crate::FormatOptions = read_options(options.map(JsValue::from))?;
    let formatted = crate::format::check_formatted(text, &options).map_err(|e| json_error(&e))?;
    super::core::format_result(&formatted)
}

/// Checks a tool definition or a whole `tools/list` result; with `options` (`{ targets, … }` as
/// `checkCompatibility` takes them), also those consumers' rules, each finding once. Throws a
/// `TypeError` for bad options.
#[wasm_bindgen(js_name = checkTool, unchecked_return_type = "HostReport")]
pub fn check_tool_js(
    #[wasm_bindgen(js_name = toolText)] tool_text: &str,
    options: Option<CompatOptionsArg>,
) -> Result<JsValue, JsValue> {
    match options.filter(|o| !o.is_undefined() && !o.is_null()) {
        None => to_js(&crate::host::check_tool(tool_text)),
        Some(options) => {
            let options = compat_options(Some(options))?;
            to_js(&crate::host::check_tool_for(tool_text, &options))
        }
    }
}

/// Checks a `tools/call` request against its tool and, optionally, the server capabilities.
#[wasm_bindgen(js_name = checkToolCall, unchecked_return_type = "HostReport")]
pub fn check_tool_call_js(
    #[wasm_bindgen(js_name = toolText)] tool_text: &str,
    #[wasm_bindgen(js_name = requestText)] request_text: &str,
    #[wasm_bindgen(js_name = capabilitiesText)] capabilities_text: Option<String>,
) -> Result<JsValue, JsValue> {
    let capabilities = capabilities_text.as_deref();
    to_js(&crate::host::check_tool_call(
        tool_text,
        request_text,
        capabilities,
    ))
}

/// Checks a `tools/call` result against its tool.
#[wasm_bindgen(js_name = checkToolResult, unchecked_return_type = "HostReport")]
pub fn check_tool_result_js(
    #[wasm_bindgen(js_name = toolText)] tool_text: &str,
    #[wasm_bindgen(js_name = resultText)] result_text: &str,
) -> Result<JsValue, JsValue> {
    to_js(&crate::host::check_tool_result(tool_text, result_text))
}

#[wasm_bindgen]
extern "C" {
    /// `CompatOptions` as TypeScript sees it.
    #[wasm_bindgen(typescript_type = "CompatOptions")]
    pub type CompatOptionsArg;
}

/// Checks a tool, an array of tools or a `tools/list` result against each consumer's profile.
/// Never throws for bad input (it is reported); throws a `TypeError` for bad options.
#[wasm_bindgen(js_name = checkCompatibility, unchecked_return_type = "CompatReport")]
pub fn check_compatibility_js(
    #[wasm_bindgen(js_name = toolsText)] tools_text: &str,
    options: Option<CompatOptionsArg>,
) -> Result<JsValue, JsValue> {
    let options = compat_options(options)?;
    to_js(&crate::compat::check_compatibility(tools_text, &options))
}

/// `{ targets?, serverName? }` from JavaScript (none: the defaults); a `TypeError` when bad.
fn compat_options(
    options: Option<CompatOptionsArg>,
) -> Result<crate::compat::CompatOptions, JsValue> {
    Ok(match options_json(options.map(JsValue::from))? {
        Some(json) => {
            crate::compat::CompatOptions::from_json(json).map_err(|e| options_error(&e))?
        }
        None => crate::compat::CompatOptions::default(),
    })
}

/// Every consumer `checkCompatibility` knows, in report order (the built-in ones and those
/// `dataText`, a data file's text, declares): `{ name, optIn, title, label, kind, versions,
/// consumers }` (the opt-in ones are checked only when named); a `TypeError` naming each
/// line:column of bad data.
#[wasm_bindgen(js_name = compatTargets, unchecked_return_type = "CompatTargetInfo[]")]
pub fn compat_targets_js(
    #[wasm_bindgen(js_name = dataText)] data_text: Option<String>,
) -> Result<JsValue, JsValue> {
    let declared = match data_text {
        Some(text) => {
            crate::compat::read_user_data(&text)
                .map_err(|e| {
                    JsValue::from(js_sys::TypeError::new(&crate::compat::data_errors(&e)))
                })?
                .targets
        }
        None => Vec::new(),
    };
    to_js(&crate::compat::target_infos(&declared))
}

/// Rewrites one tool so that `target` (`name` or `name@version`) accepts it, with the extra data
/// of `options` and its `serverName` (a cap on server name + tool name leaves the server's name
/// its part; `targets` is not read); throws a `TypeError` for an unknown target or bad options.
#[wasm_bindgen(js_name = lowerTool, unchecked_return_type = "LoweredTool")]
pub fn lower_tool_js(
    #[wasm_bindgen(js_name = toolText)] tool_text: &str,
    #[wasm_bindgen(unchecked_param_type = "CompatTargetQuery")] target: &str,
    options: Option<CompatOptionsArg>,
) -> Result<JsValue, JsValue> {
    let type_error = |e: String| JsValue::from(js_sys::TypeError::new(&e));
    let mut options = compat_options(options)?;
    let asked = crate::compat::parse_targets(&[target], &options.declared).map_err(type_error)?;
    options.set_targets(asked);
    let Some(target) = options.targets.first().cloned() else {
        return Err(type_error(format!("unknown target {target:?}")));
    };
    to_js(&crate::compat::lower_tool_with(tool_text, target, &options))
}

/// Every entry of the compatibility data (the built-in files, then those of `dataText` when
/// given: a data file's text), the least recently checked first; bad data is not thrown but
/// reported: `diagnostics` positioned in `dataText`, and its entries left out.
#[wasm_bindgen(js_name = compatDataReport, unchecked_return_type = "CompatDataReport")]
pub fn compat_data_report_js(
    #[wasm_bindgen(js_name = dataText)] data_text: Option<String>,
) -> Result<JsValue, JsValue> {
    to_js(&crate::compat::data_report_of(data_text.as_deref()))
}

/// Lints a JSON Schema text: unknown keywords, meta-schema failures explained, contradictions,
/// ignored keywords, non-ECMA-262 patterns. Never throws for bad input: text that is not JSON
/// gives its parse error as the only diagnostic.
#[wasm_bindgen(js_name = lintSchema, unchecked_return_type = "LintReport")]
pub fn lint_schema_js(
    #[wasm_bindgen(js_name = schemaText)] schema_text: &str,
) -> Result<JsValue, JsValue> {
    to_js(&crate::lint::lint_schema(schema_text))
}

/// The schema lint of one file, whatever it holds: a tool definition or tools/list result (the
/// findings inside its schemas), a JSON Schema, or text that is not JSON (its parse error); with
/// the fixes that can be applied together. Never throws.
#[wasm_bindgen(js_name = lintFile, unchecked_return_type = "FileLint")]
pub fn lint_file_js(text: &str) -> Result<JsValue, JsValue> {
    to_js(&crate::host::lint_file(text))
}

/// A streaming session checker: the rules of `replaySession`, one message at a time.
#[wasm_bindgen(js_name = Session)]
pub struct JsSession(crate::host::Session);

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// An empty session judging tools with `options` (`{ targets?, serverName? }`); throws a
    /// `TypeError` for bad options.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "SessionOptions")] options: Option<CompatOptionsArg>,
    ) -> Result<JsSession, JsValue> {
        let options = compat_options(options)?;
        Ok(JsSession(crate::host::Session::with_options(options)))
    }

    /// Every tool listed so far with its verdicts, and the list's verdict per target.
    #[wasm_bindgen(unchecked_return_type = "ToolTable")]
    pub fn tools(&self) -> Result<JsValue, JsValue> {
        tools_of(&self.0)
    }

    /// Checks arguments (`argumentsText`) for a call of the listed tool `name` against its
    /// inputSchema before sending it: the findings, spans into `argumentsText`.
    #[wasm_bindgen(js_name = checkCall, unchecked_return_type = "Diagnostic[]")]
    pub fn check_call(
        &self,
        name: &str,
        #[wasm_bindgen(js_name = argumentsText)] arguments_text: &str,
    ) -> Result<JsValue, JsValue> {
        check_call_of(&self.0, name, arguments_text)
    }

    /// Checks one JSON-RPC message text sent by `direction` ("client" or "server"; null when
    /// unknown) and seen at `timeMs` (milliseconds since the epoch, optional); returns its findings.
    #[wasm_bindgen(unchecked_return_type = "SessionFinding[]")]
    pub fn push(
        &mut self,
        text: &str,
        #[wasm_bindgen(unchecked_param_type = "\"client\" | \"server\" | null")] direction: Option<
            String,
        >,
        #[wasm_bindgen(js_name = timeMs)] time_ms: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let direction = match direction.as_deref() {
            None => None,
            Some(name) => Some(direction_of("push", name)?),
        };
        let entry = crate::host::Entry::Message(direction);
        to_js(&self.0.push_entry(text, &entry, millis(time_ms)))
    }

    /// Checks one line `direction` ("client" or "server") wrote to a stdio stream, without its
    /// newline, whatever it holds, seen at `timeMs`: `{ kind, findings }`, `kind` "message" (JSON,
    /// checked as `push` checks it), "not-json" (reported, counted as a push) or "blank".
    #[wasm_bindgen(js_name = pushLine, unchecked_return_type = "LineOutcome")]
    pub fn push_line(
        &mut self,
        line: &str,
        #[wasm_bindgen(unchecked_param_type = "\"client\" | \"server\"")] direction: String,
        #[wasm_bindgen(js_name = timeMs)] time_ms: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let direction = direction_of("pushLine", &direction)?;
        to_js(&self.0.push_line(line, direction, millis(time_ms)))
    }

    /// Checks one message `text` that `direction` sent over Streamable HTTP, with its envelope
    /// `httpText` (`{"method": "POST", "headers": {…}}` as JSON): the message's findings, then a
    /// client request's header findings (pointers `/http/headers…`, spans into `httpText`).
    #[wasm_bindgen(js_name = pushHttp, unchecked_return_type = "SessionFinding[]")]
    pub fn push_http(
        &mut self,
        text: &str,
        #[wasm_bindgen(unchecked_param_type = "\"client\" | \"server\"")] direction: String,
        #[wasm_bindgen(js_name = httpText)] http_text: &str,
        #[wasm_bindgen(js_name = timeMs)] time_ms: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let direction = direction_of("pushHttp", &direction)?;
        to_js(
            &self
                .0
                .push_http(text, direction, http_text, millis(time_ms)),
        )
    }

    /// What the host handed the model as a tool's answer, for `taskId` (or the task its
    /// related-task `_meta` names), seen at `timeMs`; returns its findings.
    #[wasm_bindgen(js_name = pushToModel, unchecked_return_type = "SessionFinding[]")]
    pub fn push_to_model(
        &mut self,
        text: &str,
        #[wasm_bindgen(js_name = taskId)] task_id: Option<String>,
        #[wasm_bindgen(js_name = timeMs)] time_ms: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let entry = crate::host::Entry::ToModel { task_id };
        to_js(&self.0.push_entry(text, &entry, millis(time_ms)))
    }

    /// The tasks kept, by taskId, as `replaySession` reports them (spans into each message's text).
    #[wasm_bindgen(unchecked_return_type = "Record<string, TaskState>")]
    pub fn state(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.state())
    }

    /// The end-of-session findings (`never-terminal`); the session can go on after it.
    #[wasm_bindgen(unchecked_return_type = "SessionFinding[]")]
    pub fn finish(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.finish_findings())
    }

    /// The finding for a run event about the run as a whole, no message (the HTTP proxy's
    /// `upstream-failed` and `request-refused`), or `null` for a refused request past the first
    /// ten (counted: `runSummary` says how many); throws a `TypeError` for an event that is not
    /// one.
    #[wasm_bindgen(js_name = runEvent, unchecked_return_type = "Diagnostic | null")]
    pub fn run_event(&mut self, event: RunEventArg) -> Result<JsValue, JsValue> {
        let json = options_json(Some(event.into()))?.unwrap_or_default();
        let read =
            crate::host::session::RunEvent::from_json(&json, &[]).map_err(|e| options_error(&e))?;
        to_js(&self.0.run_event(&read))
    }

    /// The findings about the run as a whole once it has ended: how many requests the HTTP
    /// proxy refused in all, when `runEvent` said only the first of them.
    #[wasm_bindgen(js_name = runSummary, unchecked_return_type = "Diagnostic[]")]
    pub fn run_summary(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.run_summary())
    }

    /// The findings about a protected server's authorization path (what the HTTP proxy fetched
    /// while signing in to its upstream), about the run; throws a `TypeError` for a path that is
    /// not one.
    #[wasm_bindgen(js_name = runAuthorization, unchecked_return_type = "Diagnostic[]")]
    pub fn run_authorization(&self, path: AuthorizationPathArg) -> Result<JsValue, JsValue> {
        to_js(&authorization_path(path)?.findings())
    }
}

#[wasm_bindgen]
extern "C" {
    /// `RunEvent` as TypeScript sees it.
    #[wasm_bindgen(typescript_type = "RunEvent")]
    pub type RunEventArg;

    /// `AuthorizationPath` as TypeScript sees it.
    #[wasm_bindgen(typescript_type = "AuthorizationPath")]
    pub type AuthorizationPathArg;
}

/// An `AuthorizationPath` read from JavaScript; a `TypeError` naming what is wrong.
fn authorization_path(
    path: AuthorizationPathArg,
) -> Result<crate::host::session::AuthorizationPath, JsValue> {
    let json = options_json(Some(path.into()))?.unwrap_or_default();
    crate::host::session::AuthorizationPath::from_json(&json).map_err(|e| options_error(&e))
}

/// A session fed a JSON Lines transcript as it is written, line by line, and told the run's
/// events: every finding placed in the transcript, as `replaySession` places it.
#[wasm_bindgen(js_name = JsonLinesSession)]
pub struct JsJsonLinesSession(crate::host::session::JsonLinesSession);

#[wasm_bindgen(js_class = JsonLinesSession)]
impl JsJsonLinesSession {
    /// An empty session judging tools with `options` (`{ targets?, serverName? }`); throws a
    /// `TypeError` for bad options.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "SessionOptions")] options: Option<CompatOptionsArg>,
    ) -> Result<JsJsonLinesSession, JsValue> {
        let options = compat_options(options)?;
        Ok(Self(crate::host::session::JsonLinesSession::with_options(
            options,
        )))
    }

    /// The next whole lines of the transcript (each a `{timestamp, direction, message}` envelope
    /// or a bare message); returns the findings they cause.
    #[wasm_bindgen(js_name = pushLines, unchecked_return_type = "PlacedFinding[]")]
    pub fn push_lines(&mut self, text: &str) -> Result<JsValue, JsValue> {
        to_js(&self.0.push_lines(text))
    }

    /// The finding for a run event; throws a `TypeError` for an event that is not one.
    #[wasm_bindgen(unchecked_return_type = "PlacedFinding")]
    pub fn event(&self, event: RunEventArg) -> Result<JsValue, JsValue> {
        let json = options_json(Some(event.into()))?.unwrap_or_default();
        let read = crate::host::session::RunEvent::from_json(&json, &["entry"])
            .map_err(|e| options_error(&e))?;
        let entry = json.get("entry").and_then(serde_json::Value::as_u64);
        to_js(&self.0.event(&read, entry.map(|e| e as usize)))
    }

    /// The findings about a protected server's authorization path (what the host fetched while
    /// signing in), about the session; throws a `TypeError` for a path that is not one.
    #[wasm_bindgen(unchecked_return_type = "PlacedFinding[]")]
    pub fn authorization(&self, path: AuthorizationPathArg) -> Result<JsValue, JsValue> {
        to_js(&self.0.authorization(&authorization_path(path)?))
    }

    /// Checks an answer to give the server's questions (an `--elicit` file) before it is used:
    /// `elicit-not-json` when it is not JSON; spans into `text`.
    #[wasm_bindgen(js_name = checkAnswer, unchecked_return_type = "Diagnostic[]")]
    pub fn check_answer(&self, text: &str) -> Result<JsValue, JsValue> {
        to_js(&self.0.session().check_answer(text))
    }

    /// Checks arguments for a call of the listed tool `name` before sending it (spans into
    /// `argumentsText`).
    #[wasm_bindgen(js_name = checkCall, unchecked_return_type = "Diagnostic[]")]
    pub fn check_call(
        &self,
        name: &str,
        #[wasm_bindgen(js_name = argumentsText)] arguments_text: &str,
    ) -> Result<JsValue, JsValue> {
        check_call_of(self.0.session(), name, arguments_text)
    }

    /// Every tool listed so far with its verdicts, and the list's verdict per target.
    #[wasm_bindgen(unchecked_return_type = "ToolTable")]
    pub fn tools(&self) -> Result<JsValue, JsValue> {
        tools_of(self.0.session())
    }

    /// The end of the run: the end-of-session findings (`never-terminal`), placed.
    #[wasm_bindgen(unchecked_return_type = "PlacedFinding[]")]
    pub fn end(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.finish())
    }
}

/// `tools()` of both session classes: the tools a session has seen, with their verdicts.
fn tools_of(session: &crate::host::Session) -> Result<JsValue, JsValue> {
    to_js(session.tools())
}

/// `checkCall()` of both session classes: arguments for a call of the listed tool `name`.
fn check_call_of(
    session: &crate::host::Session,
    name: &str,
    arguments_text: &str,
) -> Result<JsValue, JsValue> {
    to_js(&session.check_call(name, arguments_text))
}

/// A direction's name as a [`crate::host::Direction`]; a `TypeError` naming `method` otherwise.
fn direction_of(method: &str, name: &str) -> Result<crate::host::Direction, JsValue> {
    match name {
        "client" => Ok(crate::host::Direction::Client),
        "server" => Ok(crate::host::Direction::Server),
        other => {
            let message = format!(
                "Session.{method}: direction must be \"client\" or \"server\", got {other:?}"
            );
            Err(js_sys::TypeError::new(&message).into())
        }
    }
}

/// A JS time in milliseconds, if it is a finite number.
fn millis(time_ms: Option<f64>) -> Option<i64> {
    time_ms.filter(|t| t.is_finite()).map(|t| t as i64)
}

/// Replays a session transcript (JSON array or JSON Lines) and returns the task state and findings.
#[wasm_bindgen(js_name = replaySession, unchecked_return_type = "SessionReport")]
pub fn replay_session_js(
    #[wasm_bindgen(js_name = transcriptText)] transcript_text: &str,
    #[wasm_bindgen(unchecked_param_type = "SessionOptions")] options: Option<CompatOptionsArg>,
) -> Result<JsValue, JsValue> {
    let options = compat_options(options)?;
    to_js(&crate::host::session::replay_session_with(
        transcript_text,
        options,
    ))
}

#[wasm_bindgen]
extern "C" {
    /// `LogOptions` as TypeScript sees it.
    #[wasm_bindgen(typescript_type = "LogOptions")]
    pub type LogOptionsArg;

    /// A progress callback as TypeScript sees it (a typed optional argument, where an unchecked
    /// parameter type would make it and the options before it required).
    #[wasm_bindgen(
        typescript_type = "((read: number, total: number) => void)",
        extends = js_sys::Function
    )]
    pub type ProgressArg;
}

/// Every log format `readLog` and `replayLog` read, in the order tried on a text:
/// `{ name, label, description }` (the crate's `LOG_FORMATS`).
#[wasm_bindgen(js_name = logFormats, unchecked_return_type = "LogFormatInfo[]")]
pub fn log_formats_js() -> Result<JsValue, JsValue> {
    let rows: Vec<_> = crate::host::logs::LOG_FORMATS
        .iter()
        .map(|f| f.row())
        .collect();
    to_js(&rows)
}

/// The format of a pasted log (a name of `crate::host::logs::LOG_FORMATS`).
#[wasm_bindgen(js_name = detectLogFormat, unchecked_return_type = "LogFormat")]
pub fn detect_log_format_js(text: &str) -> Result<JsValue, JsValue> {
    to_js(&crate::host::logs::detect_format(text))
}

/// Whether a task status ends the task (`completed`, `failed`, `cancelled`: the protocol's
/// terminal statuses, `TaskStatus::is_terminal`); false for any other text. The MCP client
/// (`runtime/mcp-client/task.js`) polls a task until it ends.
#[wasm_bindgen(js_name = taskStatusEnds)]
pub fn task_status_ends_js(status: &str) -> bool {
    crate::protocol::TaskStatus::parse(status).is_some_and(crate::protocol::TaskStatus::is_terminal)
}

/// The messages of a pasted log (VS Code output, a HAR, JSON Lines among other lines, an
/// mcp-debugger export, a transcript) with their directions, times and places. `text` is a string
/// or the file's UTF-8 bytes. Never throws for bad input; a `TypeError` for bad options. The
/// glue's function returns the reading as columns ([`super::columns`]); the package's `readLog`
/// (`runtime/load/columns.js`) lays them out as the `Log` declared, where a message that is the
/// pasted string as it is, is a slice of that string (no copy).
#[wasm_bindgen(js_name = readLog, unchecked_return_type = "Log")]
pub fn read_log_js(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    options: Option<LogOptionsArg>,
) -> Result<JsValue, JsValue> {
    let source = super::conversions::text_arg(&text, "readLog")?;
    let log = crate::host::logs::read_log(&source, log_options(options)?.format);
    super::columns::log_columns(&log, &source, text.is_string())
}

/// `replaySession` over a pasted log of any format `readLog` reads (`text` a string or the
/// file's UTF-8 bytes); every span into the log. `onProgress(read, total)` is called as the
/// messages are read (about every MiB, in bytes of the text, a HAR's too) and once when the
/// reading is done, before the report is made; what it throws is ignored. The glue's function
/// returns the report with its sequence as columns ([`super::columns`]); the package's
/// `replayLog` (`runtime/load/columns.js`) lays them out as the `LogReport` declared.
#[wasm_bindgen(js_name = replayLog, unchecked_return_type = "LogReport")]
pub fn replay_log_js(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    options: Option<LogOptionsArg>,
    #[wasm_bindgen(js_name = onProgress)] on_progress: Option<ProgressArg>,
) -> Result<JsValue, JsValue> {
    let text = super::conversions::text_arg(&text, "replayLog")?;
    let progress = match on_progress {
        Some(callback) => crate::host::session::Progress::new(
            text.len(),
            Box::new(move |read, total| {
                let _ = callback.call2(
                    &JsValue::NULL,
                    &(read as f64).into(),
                    &(total as f64).into(),
                );
            }),
        ),
        None => crate::host::session::Progress::default(),
    };
    let report = crate::host::logs::replay_log_reporting(&text, log_options(options)?, progress);
    // The columns made once the text is freed.
    drop(text);
    super::columns::report_columns(&report)
}

/// The `LogOptions` given (the defaults when none); a `TypeError` for bad options.
fn log_options(options: Option<LogOptionsArg>) -> Result<crate::host::logs::LogOptions, JsValue> {
    match options_json(options.map(JsValue::from))? {
        Some(json) => crate::host::logs::LogOptions::from_json(json).map_err(|e| options_error(&e)),
        None => Ok(crate::host::logs::LogOptions::default()),
    }
}

/// The MCP headers a client sends with a request over Streamable HTTP (2026-07-28:
/// `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, and a `tools/call`'s `Mcp-Param-*` for the
/// arguments `inputSchemaText`, the called tool's listed `inputSchema`, annotates with
/// `x-mcp-header`), values encoded as the spec says; none for a request that declares no version.
#[wasm_bindgen(js_name = mcpRequestHeaders, unchecked_return_type = "RequestHeader[]")]
pub fn mcp_request_headers_js(
    #[wasm_bindgen(js_name = messageText)] message_text: &str,
    #[wasm_bindgen(js_name = inputSchemaText)] input_schema_text: Option<String>,
) -> Result<JsValue, JsValue> {
    let headers =
        crate::host::x_mcp_header::request_headers(message_text, input_schema_text.as_deref())
            .map_err(|e| super::conversions::json_error(&e))?;
    to_js(&headers)
}

/// A pasted log with its secrets (credential headers, cookies, tokens) replaced by `[REDACTED]`.
#[wasm_bindgen(js_name = redactLog, unchecked_return_type = "Redacted")]
pub fn redact_log_js(text: &str) -> Result<JsValue, JsValue> {
    to_js(&crate::host::logs::redact(text))
}

/// Checks an elicitation request (`elicitation/create`, its params, or `inputRequests`) and,
/// optionally, the answer (`ElicitResult`, or `inputResponses`).
#[wasm_bindgen(js_name = checkElicitation, unchecked_return_type = "ElicitationReport")]
pub fn check_elicitation_js(
    #[wasm_bindgen(js_name = requestText)] request_text: &str,
    #[wasm_bindgen(js_name = responseText)] response_text: Option<String>,
) -> Result<JsValue, JsValue> {
    to_js(&crate::host::check_elicitation(
        request_text,
        response_text.as_deref(),
    ))
}

/// Names a pasted MCP payload, checks it against the official schemas and summarizes it; with
/// `toolText`, a tool definition, also against that tool as its kind asks (a tool result's
/// `structuredContent` against the `outputSchema`, a `tools/call`'s arguments against the
/// `inputSchema`). Never throws for bad input: text that is not JSON gives kind `Unknown` with
/// the parse error as its only diagnostic.
#[wasm_bindgen(unchecked_return_type = "Classification")]
pub fn classify(
    text: &str,
    #[wasm_bindgen(js_name = toolText)] tool_text: Option<String>,
) -> Result<JsValue, JsValue> {
    to_js(&crate::host::classify_against_tool(
        text,
        tool_text.as_deref(),
    ))
}
