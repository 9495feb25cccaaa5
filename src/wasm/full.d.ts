// Generated from the Rust types by ts-rs (src/ts_types.rs): do not edit, run
// `UPDATE_TYPES=1 cargo test --lib ts_types`.

/**
 * Any JSON value. Numbers come through `JSON.parse`: beyond 2^53 they are rounded like
 * `JSON.parse` does.
 */
export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

/**
 * The formats `readLog` / `replayLog` read (detected from the text unless `format` is
 * given): the names `logFormats()` lists, from the crate's table of formats.
 */
export type LogFormat = "mcpsnoop" | "har" | "mcp-debugger" | "mcp-recorder" | "inspector" | "vscode" | "claude-desktop" | "python-sdk" | "cursor" | "zed" | "claude-code" | "mcptools" | "transcript" | "jsonl";

/**
 * A format's row; in JavaScript (no `looksLike`, no `read`) a format as `logFormats()` lists it.
 */
export type LogFormatInfo = {
  /**
   * Its name (`--input-format`, `{format}`, the reports' `format`).
   */
  name: LogFormat,
  /**
   * What a reader calls it (the page's badge; the reports' `detected` when the reader says
   * no more).
   */
  label: string,
  /**
   * What it is and where it comes from, in one line (the CLI's help, the docs' table).
   */
  description: string,
};

/**
 * One metadata document as a client fetched it.
 */
export type AuthorizationFetch = {
  /**
   * The URL requested.
   */
  url: string,
  /**
   * The HTTP status of the answer (0: none, the request failed).
   */
  status: number,
  /**
   * The answer's body, for a 2xx answer.
   */
  body?: string | null,
};

/**
 * The authorization path of one server, as a client saw it: what a host that signed in to a
 * protected server tells its session (`authorization`, `runAuthorization`) about it.
 */
export type AuthorizationPath = {
  /**
   * The MCP endpoint (the protected resource).
   */
  url: string,
  /**
   * The status of the answer that asked for authorization (401, or 403).
   */
  status: number,
  /**
   * Its `WWW-Authenticate` header, if any.
   */
  challenge?: string | null,
  /**
   * The protected resource metadata requests, in order (the last 2xx one is the document).
   */
  resourceMetadata?: Array<AuthorizationFetch>,
  /**
   * The authorization server metadata requests, in order (the last 2xx one is the document).
   */
  serverMetadata?: Array<AuthorizationFetch>,
};

/**
 * The two generations of the MCP task protocol.
 */
export type Generation = "2025-11-25" | "2026-07-28";

/**
 * A protocol version whose official schema is embedded.
 */
export type ProtocolVersion = "2024-11-05" | "2025-03-26" | "2025-06-18" | "2025-11-25" | "2026-07-28";

/**
 * The status of a task.
 */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/**
 * How a pasted value is wrapped.
 */
export type EnvelopeKind = "request" | "notification" | "resultResponse" | "errorResponse" | "bare" | "batch";

/**
 * What kind of JSON value the `id` member is.
 */
export type IdKind = "string" | "number" | "null" | "invalid" | "absent";

/**
 * The envelope of a message: its kind and its `id`.
 */
export type Envelope = {
  /**
   * Request, notification, result or error response, bare value or batch.
   */
  type: EnvelopeKind,
  /**
   * The id as written: a decoded string or a number's lexeme.
   */
  id?: string,
  /**
   * What kind of value the id is.
   */
  idKind: IdKind,
};

/**
 * A duration in milliseconds and in words.
 */
export type HumanDuration = {
  /**
   * Milliseconds; absent for "unlimited" (a `null` ttl).
   */
  ms?: number,
  /**
   * E.g. `5 min 30 s`, `unlimited`.
   */
  human: string,
};

/**
 * The card of a task.
 */
export type TaskSummary = {
  /**
   * Whether this is a task handle (`CreateTaskResult`): NOT a tool result, poll it.
   */
  handle: boolean,
  /**
   * The task id.
   */
  taskId?: string,
  /**
   * `working`, `input_required`, `completed`, `failed`, `cancelled` (or whatever was sent).
   */
  status?: string,
  /**
   * Whether the status is final (`completed`, `failed`, `cancelled`).
   */
  terminal: boolean,
  /**
   * The human-readable status message.
   */
  statusMessage?: string,
  /**
   * Suggested polling interval (`pollInterval` / `pollIntervalMs`).
   */
  pollInterval?: HumanDuration,
  /**
   * Retention from creation (`ttl` / `ttlMs`); `unlimited` when null.
   */
  ttl?: HumanDuration,
  /**
   * Creation timestamp as sent.
   */
  createdAt?: string,
  /**
   * Last update timestamp as sent.
   */
  lastUpdatedAt?: string,
  /**
   * `_meta["io.modelcontextprotocol/model-immediate-response"]` of a 2025-11-25 handle: text
   * for the model while the task runs.
   */
  immediateResponse?: string,
  /**
   * What to do next with this task, in one sentence.
   */
  nextStep: string,
};

/**
 * One content block of a tool result.
 */
export type ContentSummary = {
  /**
   * The block's `type` (`text`, `image`, `audio`, `resource_link`, `resource`, ...).
   */
  type: string,
  /**
   * Characters of a text block.
   */
  textLength?: number,
  /**
   * MIME type of an image, audio, link or embedded resource.
   */
  mimeType?: string,
  /**
   * Decoded size in bytes of base64 `data` (image, audio).
   */
  bytes?: number,
  /**
   * URI of a resource link or embedded resource.
   */
  uri?: string,
};

/**
 * The card of a tool result.
 */
export type ToolResultSummary = {
  /**
   * `isError` (absent means false).
   */
  isError: boolean,
  /**
   * The content blocks in order.
   */
  content: Array<ContentSummary>,
  /**
   * Whether `structuredContent` is present.
   */
  structuredContent: boolean,
  /**
   * The task this result belongs to (`_meta["io.modelcontextprotocol/related-task"]`).
   */
  relatedTaskId?: string,
  /**
   * What `isError: true` means for a task running this call, per generation.
   */
  note?: string,
};

/**
 * The card of a request or notification.
 */
export type RequestSummary = {
  /**
   * The method.
   */
  method: string,
  /**
   * Whether it is a notification (no id, no answer).
   */
  notification: boolean,
  /**
   * The tool called (`tools/call`).
   */
  toolName?: string,
  /**
   * Whether the call asks to run as a task (`params.task`, 2025-11-25).
   */
  asksForTask: boolean,
  /**
   * The requested task retention (`params.task.ttl`).
   */
  taskTtl?: HumanDuration,
  /**
   * The task a `tasks/*` request is about.
   */
  taskId?: string,
};

/**
 * The card of an error.
 */
export type ErrorSummary = {
  /**
   * The integer code, if there is one.
   */
  code?: number,
  /**
   * The code's name, e.g. `MethodNotFound`.
   */
  name: string,
  /**
   * The error message.
   */
  message?: string,
};

/**
 * One task of a list.
 */
export type TaskListEntry = {
  /**
   * The task id.
   */
  taskId?: string,
  /**
   * Its status.
   */
  status?: string,
};

/**
 * The card of a task list.
 */
export type TaskListSummary = {
  /**
   * The tasks in order.
   */
  tasks: Array<TaskListEntry>,
  /**
   * Whether there are more pages (`nextCursor`).
   */
  more: boolean,
};

/**
 * The card of a top-level array.
 */
export type BatchSummary = {
  /**
   * How many elements.
   */
  count: number,
  /**
   * The kind of each element, in order.
   */
  kinds: Array<string>,
};

/**
 * The card shown for a message, by what it is.
 */
export type Summary = { "type": "task" } & TaskSummary | { "type": "toolResult" } & ToolResultSummary | { "type": "request" } & RequestSummary | { "type": "error" } & ErrorSummary | { "type": "taskList" } & TaskListSummary | { "type": "batch" } & BatchSummary;

/**
 * What a pasted payload is.
 */
export type Classification = {
  /**
   * The official `$defs` name (`CreateTaskResult`, `CallToolRequest`, …) or `Unknown`
   * (also for a top-level array: its elements are in `items`).
   */
  kind: string,
  /**
   * The protocol generation, or `None` when it cannot be told.
   */
  generation: Generation | null,
  /**
   * The versions whose schema the payload satisfies as `kind`.
   */
  versions: Array<Generation>,
  /**
   * How the payload is wrapped.
   */
  envelope: Envelope,
  /**
   * The method of a request or notification, or of the request a response answers when that
   * request precedes it in the same pasted array.
   */
  method?: string,
  /**
   * Where the classified value sits in the text.
   */
  span?: Span,
  /**
   * The card: task, tool result, request, error, task list or batch.
   */
  summary?: Summary,
  /**
   * Parse warnings, envelope problems, schema violations and semantic findings. For a
   * top-level array this also repeats every item's diagnostics, so one list shows them all.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * For a top-level array: one classification per element, in order.
   */
  items?: Array<Classification>,
};

/**
 * What [`lint_schema`] returns.
 */
export type LintReport = {
  /**
   * No error among the findings (warnings allowed).
   */
  valid: boolean,
  /**
   * The dialect the schema was linted as (`2020-12`, `draft-07`, ...), if one was recognised.
   */
  dialect: string | null,
  /**
   * The findings, errors first, in text order within each severity.
   */
  diagnostics: Array<Diagnostic>,
};

/**
 * What [`check_tool`], [`check_tool_call`] and [`check_tool_result`] return.
 */
export type HostReport = {
  /**
   * No error anywhere (warnings and infos allowed).
   */
  valid: boolean,
  /**
   * The protocol generation the inputs show, if they tell.
   */
  generation: Generation | null,
  /**
   * Findings about the main text: the tool text for `check_tool`, the request text for
   * `check_tool_call`, the result text for `check_tool_result`. Spans point into that text.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * Findings about the tool text when it is not the main text. Spans point into the tool text.
   * They depend on the tool text alone: every call or result checked against the same tool
   * has the same (the CLI reports them once, with the first).
   */
  toolDiagnostics: Array<Diagnostic>,
  /**
   * Findings about the capabilities text of `check_tool_call`. Spans point into that text.
   * They depend on the capabilities text alone, as `tool_diagnostics` on the tool's.
   */
  capabilitiesDiagnostics: Array<Diagnostic>,
};

/**
 * How a consumer treats a tool, or a whole list.
 */
export type CompatVerdict = "accepted" | "rewritten" | "dropped" | "rejected";

/**
 * One target's verdict and findings.
 */
export type CompatResult = {
  /**
   * The worst effect among the findings.
   */
  verdict: CompatVerdict,
  /**
   * The findings; spans point into the checked text.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * The consumer version checked (`None`: the newest known behaviour).
   */
  version?: string,
};

/**
 * One tool's results.
 */
export type CompatTool = {
  /**
   * Its name, when it has a string one.
   */
  name: string | null,
  /**
   * JSON Pointer to the tool in the checked text.
   */
  pointer: string,
  /**
   * Verdict and findings per target.
   */
  targets: Partial<Record<CompatTargetQuery, CompatResult>>,
};

/**
 * What [`check_compatibility`] returns.
 */
export type CompatReport = {
  /**
   * One entry per tool found, in document order.
   */
  tools: Array<CompatTool>,
  /**
   * Per target, the rules on the whole list; a tool a target rejects makes the list rejected.
   */
  list: Partial<Record<CompatTargetQuery, CompatResult>>,
  /**
   * Per target, the rules on the server itself (its `initialize` result's `instructions`),
   * when the text is an `initialize` result; empty otherwise.
   */
  server: Partial<Record<CompatTargetQuery, CompatResult>>,
  /**
   * Every finding of `tools`, `list` and `server` once, in that order: a rule several
   * targets share is one finding, its message naming them when more than one was asked
   * (what a front end prints).
   */
  findings: Array<Diagnostic>,
  /**
   * Why nothing could be checked: a parse error, or a text that holds no tool.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * Per target, the worst verdict over the list and every tool (what a summary shows).
   */
  worst: Partial<Record<CompatTargetQuery, CompatVerdict>>,
};

/**
 * What a target is: reports list APIs, then hosts, then specifications.
 */
export type CompatTargetKind = "api" | "host" | "spec";

/**
 * How a consumer's versions are written (what `name@version` and `since`/`until` take).
 */
export type CompatVersionStyle = "numbers" | "dates";

/**
 * A target as the data declares it (and as the wasm export `compatTargets()` lists it).
 */
export type CompatTargetInfo = {
  /**
   * The name `targets` and `--target` take.
   */
  name: CompatTarget,
  /**
   * Whether it is checked only when named (or with `all`).
   */
  optIn: boolean,
  /**
   * What it is, in a few words.
   */
  title: string,
  /**
   * Its short name for a column header or a badge (`Gemini JSON Schema`).
   */
  label: string,
  /**
   * What kind of consumer it is.
   */
  kind: CompatTargetKind,
  /**
   * How its versions are written.
   */
  versions: CompatVersionStyle,
  /**
   * The consumers whose entries it runs: its own first (a version asked for applies to it),
   * then those it inherits.
   */
  consumers: Array<string>,
};

/**
 * One entry of the data, as the data report lists it.
 */
export type CompatDataRow = {
  /**
   * The rule's code.
   */
  code: string,
  /**
   * The consumer.
   */
  consumer: string,
  /**
   * The feature.
   */
  feature: string,
  /**
   * The verdict.
   */
  verdict: CompatVerdict | "noted",
  /**
   * The first version (or date) it holds for.
   */
  since?: string,
  /**
   * The first version (or date) it no longer holds for.
   */
  until?: string,
  /**
   * The newest observation date (`None`: no source is dated).
   */
  observed: string | null,
  /**
   * The newest date a source was checked.
   */
  checked: string,
  /**
   * The sources' URLs.
   */
  urls: Array<string>,
};

/**
 * What the data report of a user's data text gives (the wasm export `compatDataReport`).
 */
export type CompatDataReport = {
  /**
   * Every entry, the least recently checked first.
   */
  rows: Array<CompatDataRow>,
  /**
   * What is wrong with the user's data, positioned in its text (its entries then left out).
   */
  diagnostics: Array<Diagnostic>,
};

/**
 * One change lowering made.
 */
export type LoweringChange = {
  /**
   * JSON Pointer, in the lowered tool, of what changed.
   */
  pointer: string,
  /**
   * What changed, in a sentence.
   */
  message: string,
};

/**
 * One constraint the consumer no longer enforces.
 */
export type LoweringLoss = {
  /**
   * JSON Pointer, in the original tool, of the constraint.
   */
  pointer: string,
  /**
   * The keyword (or member) it was.
   */
  keyword: string,
  /**
   * What the server must now check itself.
   */
  message: string,
};

/**
 * What [`lower_tool`] returns.
 */
export type LoweredTool = {
  /**
   * The lowered tool, or `None` when the text holds no single tool.
   */
  tool: JsonValue | null,
  /**
   * Each change, in the order made.
   */
  changes: Array<LoweringChange>,
  /**
   * Each constraint the consumer will no longer enforce.
   */
  lost: Array<LoweringLoss>,
  /**
   * What lowering cannot make the target accept (a schema that is not valid JSON Schema, a
   * list's tool count…): the findings the target still has on the lowered tool, pointers into
   * it (no span), or, when the text is a list of several tools or a server's result, those of
   * the list or the server; each message ends saying why lowering cannot fix it. Empty when
   * the target accepts the lowered tool.
   */
  unresolved: Array<Diagnostic>,
  /**
   * Why there is no tool: a parse error, not a tool, or more than one.
   */
  diagnostics: Array<Diagnostic>,
};

/**
 * What produced a status observation.
 */
export type TaskEvent = "created" | "polled" | "notified" | "cancelled" | "result";

/**
 * One observation of a task's status, for the timeline.
 */
export type TaskHistoryEntry = {
  /**
   * The status observed (or implied by a `tasks/result` answer).
   */
  status: TaskStatus,
  /**
   * What reported it.
   */
  event: TaskEvent,
  /**
   * Index of the transcript entry.
   */
  messageIndex: number,
  /**
   * The task's `lastUpdatedAt`, as written.
   */
  lastUpdatedAt?: string,
  /**
   * When the host saw the message (the entry's `timestamp`), normalised to UTC RFC 3339.
   */
  receivedAt?: string,
  /**
   * Where the reporting message sits in the transcript.
   */
  span?: Span,
  /**
   * The report was older than one the host had already seen arrive after its request was
   * sent (a `tasks/get` answer racing a status notification, or a notification sent before its
   * task's CreateTaskResult): legal, and it did not change the state.
   */
  stale?: boolean,
};

/**
 * What the host remembers about one task.
 */
export type TaskState = {
  /**
   * The tool the task runs, if the creating `tools/call` is in the transcript.
   */
  toolName: string | null,
  /**
   * The call's arguments (`null` when unknown). Numbers are kept exactly.
   */
  arguments: JsonValue,
  /**
   * The latest status.
   */
  lastStatus: TaskStatus,
  /**
   * Whether that status ends the task (`completed`, `failed`, `cancelled`): the front ends
   * read it here, never a copy of the terminal statuses.
   */
  ended: boolean,
  /**
   * The latest `lastUpdatedAt`, as written.
   */
  lastUpdatedAt: string | null,
  /**
   * When the host may poll next (UTC RFC 3339): the previous answer's `timestamp` (or else
   * `lastUpdatedAt`) plus the poll interval; `null` when terminal or no interval is known.
   */
  nextPollAt: string | null,
  /**
   * The latest poll interval in milliseconds.
   */
  pollIntervalMs: number | null,
  /**
   * The protocol generation of the task's messages.
   */
  generation: Generation,
  /**
   * Every status observation in order.
   */
  history: Array<TaskHistoryEntry>,
  /**
   * The input the task waits for: the keys of its `inputRequests` (2026-07-28), or the request
   * ids of the server's unanswered `elicitation/create` related to it (2025-11-25).
   */
  pendingInput: Array<string>,
  /**
   * In a replay's report, the rows of its sequence the task spans: the first row that belongs
   * to it (`taskIds`), and the last: its last such row once it has ended (and a row reported
   * its status), else the sequence's last row (the task runs on). `None` outside a replay, or
   * when no row belongs to it.
   */
  firstRow?: number,
  /**
   * See [`TaskState::first_row`].
   */
  lastRow?: number,
};

/**
 * How the user is asked.
 */
export type ElicitationMode = "form" | "url";

/**
 * One elicitation request found in the request text.
 */
export type ElicitationRequest = {
  /**
   * Its key in `inputRequests` (2026-07-28), if it has one.
   */
  key: string | null,
  /**
   * Pointer to its parameters (`message`, `requestedSchema` or `url`) in the request text.
   */
  pointer: string,
  /**
   * Form or URL.
   */
  mode: ElicitationMode,
};

/**
 * What [`check_elicitation`] returns.
 */
export type ElicitationReport = {
  /**
   * No error in either list (warnings allowed).
   */
  valid: boolean,
  /**
   * The generation the request shows, if it tells.
   */
  generation: Generation | null,
  /**
   * The elicitation requests found, in order.
   */
  requests: Array<ElicitationRequest>,
  /**
   * Findings about the request text; spans point into it. They depend on the request text
   * alone: every response checked against the same request has the same.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * Findings about the response text; spans point into it.
   */
  responseDiagnostics: Array<Diagnostic>,
};

/**
 * One end of an MCP session (serialized `"client"` or `"server"`).
 */
export type Direction = "client" | "server";

/**
 * What a pushed message is.
 */
export type SequenceKind = "request" | "answer" | "notification" | "error" | "toModel" | "other" | "context";

/**
 * One pushed message in the sequence.
 */
export type SequenceStep = {
  /**
   * What it is.
   */
  kind: SequenceKind,
  /**
   * Who sent it: as the transcript says, else as the session took it (a request by its
   * method, an answer by the request it answers); `None` for `toModel` and other entries.
   */
  from: Direction | null,
  /**
   * The method of a request or notification, or of the request an answer or error answers.
   */
  method?: string,
  /**
   * The push number of the request an answer or error answers (in a report: its entry index).
   */
  answers?: number,
  /**
   * The task it names (`taskId` in params or result, the created task, `_meta`'s related task).
   */
  taskId?: string,
  /**
   * The task status it reports.
   */
  status?: string,
  /**
   * What it says beyond its method: the tool called, `task`, the result's kind, the error.
   */
  detail: string,
  /**
   * When the host saw it (milliseconds since the epoch), when the transcript or log says.
   */
  timeMs?: number,
};

/**
 * One entry of a replayed transcript or log in the session's sequence.
 */
export type SequenceEntry = {
  /**
   * The entry's index (a transcript's entry, a log's message; `None` for a log's context
   * line); `step.answers` counts the rows of the sequence.
   */
  index: number | null,
  /**
   * Where the message sits in the text replayed.
   */
  span: Span | null,
  /**
   * Every task the row belongs to ([`link_rows`]): the one it names, the one named by the
   * request it answers or by the answer it got, and each task whose status it reported.
   */
  taskIds?: Array<string>,
  /**
   * The findings in this row ([`link_rows`]): their indexes in the report's `diagnostics`.
   */
  findings?: Array<number>,
  /**
   * What it is.
   */
  kind: SequenceKind,
  /**
   * Who sent it: as the transcript says, else as the session took it (a request by its
   * method, an answer by the request it answers); `None` for `toModel` and other entries.
   */
  from: Direction | null,
  /**
   * The method of a request or notification, or of the request an answer or error answers.
   */
  method?: string,
  /**
   * The push number of the request an answer or error answers (in a report: its entry index).
   */
  answers?: number,
  /**
   * The task it names (`taskId` in params or result, the created task, `_meta`'s related task).
   */
  taskId?: string,
  /**
   * The task status it reports.
   */
  status?: string,
  /**
   * What it says beyond its method: the tool called, `task`, the result's kind, the error.
   */
  detail: string,
  /**
   * When the host saw it (milliseconds since the epoch), when the transcript or log says.
   */
  timeMs?: number,
};

/**
 * How many entries of each kind a sequence has.
 */
export type SequenceCounts = {
  /**
   * JSON-RPC messages (requests, answers, notifications, errors).
   */
  messages: number,
  /**
   * Requests.
   */
  requests: number,
  /**
   * Successful answers.
   */
  answers: number,
  /**
   * Notifications.
   */
  notifications: number,
  /**
   * Error responses.
   */
  errors: number,
  /**
   * Answers and errors that answer no request seen.
   */
  unanswered: number,
  /**
   * Other entries: what the host handed the model, tool lists, a log's context lines.
   */
  other: number,
};

/**
 * How a session knew its protocol version (see `official.rs` for the order of the signals).
 */
export type ProtocolHow = "negotiated" | "offered" | "declared" | "unknown";

/**
 * Which official schema a session's messages were checked against: every report says it.
 */
export type ProtocolCheck = {
  /**
   * The version whose official schema the messages were checked against; `None` when no
   * message named one (`how` is `unknown`) or the one named is not published (`named`).
   */
  checked: ProtocolVersion | null,
  /**
   * The version string the messages named when it is no published version (nothing was
   * checked against a schema); `None` otherwise.
   */
  named: string | null,
  /**
   * How the version was known.
   */
  how: ProtocolHow,
};

/**
 * One listed tool's verdicts: its own checks' counts (`tools/list` findings about it) and its
 * compatibility verdict per target.
 */
export type ToolVerdict = {
  /**
   * Its name.
   */
  name: string,
  /**
   * Its `execution.taskSupport` as written, when it is a string.
   */
  taskSupport: string | null,
  /**
   * Errors found about it in its `tools/list` page (its checks and the compatibility rules).
   */
  errors: number,
  /**
   * Of its errors, those the schema lint found in its `inputSchema` or `outputSchema` (the
   * codes of [`crate::lint::CODES`], and a schema that cannot be compiled), not the MCP spec's
   * tool rules nor a consumer's: what the tools table says the errors come from.
   */
  schemaErrors: number,
  /**
   * Warnings found about it there.
   */
  warnings: number,
  /**
   * Why a 2026-07-28 client over Streamable HTTP leaves it out of the tools it may call: the
   * message of its first `x-mcp-header-invalid` error ([`crate::compat::x_mcp_header`], an
   * error only in a 2026-07-28 list; "a client using Streamable HTTP MUST reject such a tool":
   * its sources there); `None` for a tool a client keeps.
   */
  excluded: string | null,
  /**
   * Its compatibility verdict per target.
   */
  targets: Partial<Record<CompatTarget, CompatVerdict>>,
};

/**
 * Every tool listed so far (the last listing of each name, in first-listed order; at most
 * [`MAX_TOOLS`](super::MAX_TOOLS)) and the whole list's verdict per target (the worst over the
 * pages).
 */
export type ToolTable = {
  /**
   * Each tool's verdicts.
   */
  tools: Array<ToolVerdict>,
  /**
   * The list's verdict per target.
   */
  list: Partial<Record<CompatTarget, CompatVerdict>>,
};

/**
 * What [`replay_session`] returns.
 */
export type SessionReport = {
  /**
   * The host's session state: every task by `taskId` (terminal tasks past
   * [`super::MAX_FINISHED_TASKS`] forgotten).
   */
  tasks: { [key in string]: TaskState },
  /**
   * Everything found, in transcript order; spans point into the transcript text.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * Every tool listed, with its verdicts, and the list's verdict per target.
   */
  tools: ToolTable,
  /**
   * Every entry replayed, in order: what it is in the session's sequence, at its span.
   */
  sequence: Array<SequenceEntry>,
  /**
   * How many entries of each kind the sequence has.
   */
  counts: SequenceCounts,
  /**
   * The protocol version the messages were checked against, or why none was.
   */
  protocol: ProtocolCheck,
};

/**
 * One finding and the pushed message it is about (serialized as the diagnostic's fields plus
 * `messageIndex`, and `schemaMessageIndex` / `wholeEntry` when set).
 */
export type SessionFinding = {
  /**
   * The push (0-based) whose text the finding points into: the message just pushed, except
   * for an early status notification applied when its task is created, and `never-terminal`.
   */
  messageIndex: number,
  /**
   * The push whose text `schema_span` and `keyword_location` point into (the tool list, the
   * elicitation request, the report with the `inputRequests`), when it is another text.
   */
  schemaMessageIndex?: number,
  /**
   * The finding is about the whole transcript entry of `message` (`never-terminal`; a log's
   * request pushed with its HTTP headers, their findings), not about a place inside it.
   */
  wholeEntry?: boolean,
  /**
   * How serious it is.
   */
  severity: Severity,
  /**
   * A stable machine-readable code, e.g. `duplicate-key`, `minimum`, `unresolved-ref`.
   */
  code: string,
  /**
   * A plain-English sentence.
   */
  message: string,
  /**
   * JSON Pointer to the offending value (`""` for the root).
   */
  instancePath: string,
  /**
   * JSON Pointer to the schema keyword that failed, where a schema is involved.
   */
  keywordLocation?: string,
  /**
   * Where the offending value sits in the instance text.
   */
  span?: Span,
  /**
   * Where the failing keyword sits in the schema text.
   */
  schemaSpan?: Span,
  /**
   * Related findings grouped under this one (e.g. the other `anyOf` branches).
   */
  children?: Array<Diagnostic>,
  /**
   * A replacement that fixes the finding, when there is exactly one obvious fix.
   */
  fix?: Fix,
  /**
   * The tool the finding concerns (a session's findings on a `tools/list`, a `tools/call`, a
   * result or a compatibility verdict), when there is one.
   */
  tool?: ToolRef,
};

/**
 * A finding of a [`JsonLinesSession`]: spans and pointers into the transcript, and `place`.
 */
export type PlacedFinding = {
  /**
   * Where it is in words: its tool and the pointer in it, or the message (1-based entry
   * number, what it is) and the pointer in it; `the session` when no message is known.
   */
  place: string,
  /**
   * How serious it is.
   */
  severity: Severity,
  /**
   * A stable machine-readable code, e.g. `duplicate-key`, `minimum`, `unresolved-ref`.
   */
  code: string,
  /**
   * A plain-English sentence.
   */
  message: string,
  /**
   * JSON Pointer to the offending value (`""` for the root).
   */
  instancePath: string,
  /**
   * JSON Pointer to the schema keyword that failed, where a schema is involved.
   */
  keywordLocation?: string,
  /**
   * Where the offending value sits in the instance text.
   */
  span?: Span,
  /**
   * Where the failing keyword sits in the schema text.
   */
  schemaSpan?: Span,
  /**
   * Related findings grouped under this one (e.g. the other `anyOf` branches).
   */
  children?: Array<Diagnostic>,
  /**
   * A replacement that fixes the finding, when there is exactly one obvious fix.
   */
  fix?: Fix,
  /**
   * The tool the finding concerns (a session's findings on a `tools/list`, a `tools/call`, a
   * result or a compatibility verdict), when there is one.
   */
  tool?: ToolRef,
};

/**
 * What a pushed line was.
 */
export type LineKind = "message" | "not-json" | "blank";

/**
 * What [`Session::push_line`] returns.
 */
export type LineOutcome = {
  /**
   * What the line was.
   */
  kind: LineKind,
  /**
   * Its findings (spans into the line's text; see [`Finding::message_index`]).
   */
  findings: Array<SessionFinding>,
};

/**
 * The HTTP request that carried a client's message (a HAR entry's), as the transcript entry's
 * `http` member: `{"method": "POST", "headers": {"Name": "value", …}}`, headers as sent (a name
 * sent twice: its values joined with `, `).
 */
export type LogHttp = {
  /**
   * The request method.
   */
  method: string,
  /**
   * The request headers, by name as sent.
   */
  headers: Record<string, string>,
};

/**
 * One message found in a log.
 */
export type LogEntry = {
  /**
   * Who sent it, when the log says.
   */
  direction: Direction | null,
  /**
   * When it was seen (milliseconds since the epoch), when the log says.
   */
  timeMs?: number,
  /**
   * The message's JSON text as extracted (a HAR body decoded).
   */
  message: string,
  /**
   * The HTTP request that carried it (client messages of a HAR).
   */
  http?: LogHttp,
  /**
   * Where the message sits in the pasted text.
   */
  span: Span,
};

/**
 * A line of a log that is no message, kept as context (a connection state, the server's
 * stderr): shown in the sequence, never a finding. Its text carries no credential: what
 * [`super::redact`] finds in it (a bearer token a host logged with its transport options, a
 * cookie) is `[REDACTED]` from the start, so no report, recording or output can write it.
 */
export type LogContextLine = {
  /**
   * The log's level for it, when the log says.
   */
  level: string | null,
  /**
   * Its text (after the log's prefix), its secrets replaced.
   */
  text: string,
  /**
   * Where it sits in the pasted text.
   */
  span: Span,
};

/**
 * What [`read_log`] returns.
 */
export type Log = {
  /**
   * The format read.
   */
  format: LogFormat,
  /**
   * What the reader saw, in words ("VS Code output log, 2026 form ([editor -> server])").
   */
  detected: string,
  /**
   * The messages, in order.
   */
  entries: Array<LogEntry>,
  /**
   * The log's other lines kept as context.
   */
  context: Array<LogContextLine>,
  /**
   * The readers' findings, spans into the pasted text.
   */
  diagnostics: Array<Diagnostic>,
};

/**
 * What [`replay_log`] returns: [`crate::host::SessionReport`] with the format, every span into
 * the pasted text.
 */
export type LogReport = {
  /**
   * The format read.
   */
  format: LogFormat | null,
  /**
   * What the reader saw, in words.
   */
  detected: string,
  /**
   * The messages replayed and the log's context lines, in the order of the text: each
   * message's `index` counts the messages, `answers` counts the rows of this sequence.
   */
  sequence: Array<SequenceEntry>,
  /**
   * How many rows of each kind the sequence has.
   */
  counts: SequenceCounts,
  /**
   * The protocol version the messages were checked against, or why none was.
   */
  protocol: ProtocolCheck,
  /**
   * The host's session state, by `taskId`; `messageIndex` counts the messages.
   */
  tasks: { [key in string]: TaskState },
  /**
   * Every tool listed, with its verdicts.
   */
  tools: ToolTable,
  /**
   * The readers' findings, then the session's.
   */
  diagnostics: Array<Diagnostic>,
};

/**
 * What [`redact`] returns.
 */
export type Redacted = {
  /**
   * The text with every secret replaced by `[REDACTED]`.
   */
  text: string,
  /**
   * Where each secret was in the original text.
   */
  spans: Array<Span>,
};

/**
 * One header of a request, its value as sent.
 */
export type RequestHeader = {
  /**
   * The header's name (`Mcp-Param-Region`).
   */
  name: string,
  /**
   * Its value, encoded.
   */
  value: string,
};

/**
 * What a linted file was read as.
 */
export type LintedAs = "tool" | "schema" | "notJson";

/**
 * A fix with the code of the finding it fixes.
 */
export type CodedFix = {
  /**
   * The finding's code.
   */
  code: string,
  /**
   * The text to replace.
   */
  span: Span,
  /**
   * What to write instead (JSON text, e.g. `"maxLength"` with its quotes).
   */
  replacement: string,
};

/**
 * The fixes of a list of findings, sorted by position: `applied` can all be made at once (none
 * overlaps another; a fix repeated exactly counts once); `overlapping` are left out because
 * they overlap (sharing a character, or inserting at one point): which to make would be a guess.
 */
export type FixPlan = {
  /**
   * The fixes to make, in text order.
   */
  applied: Array<CodedFix>,
  /**
   * The fixes left out.
   */
  overlapping: Array<CodedFix>,
};

/**
 * What [`lint_file`] returns.
 */
export type FileLint = {
  /**
   * What the text was read as.
   */
  lintedAs: LintedAs,
  /**
   * The findings, spans into the text.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * The findings' fixes that can be applied together, and those left out.
   */
  fixes: FixPlan,
};
