//! What a host tells its session about the run, outside the messages ([`RunEvent`]): a request
//! refused, a listing stopped, a task not finished in time, an input loop stopped, a question
//! cancelled. The session names and grades each ([`Session::event`]), so that a front end
//! driving a server (`check-server`) decides no finding itself; and it checks an answer the host
//! was given to send ([`Session::check_answer`]).
//!
//! Codes:
//! - `initialize-refused` (error): the server answered `initialize` with an error (or no result).
//! - `list-refused` (error): a `*/list` request was answered with an error.
//! - `too-many-pages` (error): a listing still had a `nextCursor` after the host's page limit.
//! - `task-timeout` (error): a task was not terminal within the host's wait (and was cancelled).
//! - `input-rounds-exceeded` (warning): a 2026-07-28 call still asked for input after the
//!   host's round limit (the official SDKs' clients stop at 10 rounds).
//! - `elicitation-cancelled` (warning): the server asked a question and the host had no answer
//!   to give, so it cancelled.
//! - `elicit-not-json` (error): the answer the host was given to send is not JSON (it cancels).
//! - `no-answer` (error): a request the host sent got no answer within its wait (the start-up
//!   wait when the server had sent nothing yet); the host stops the run there.
//! - `upstream-failed` (error): the HTTP proxy could not pass an answer on: the upstream server
//!   could not be reached (a TLS error among the reasons) or its answer was cut; the host's
//!   connection is closed alike. It is about the run, no message ([`RunEvent::diagnostic`]).
//! - `request-refused` (warning): the HTTP proxy refused a request with 403 and did not forward
//!   it: its `Host` did not name the proxy's own address, its `Origin` was neither the proxy's
//!   nor one the user allowed, or its target was not a path on the proxy (what a web page sends
//!   through DNS rebinding, or from a foreign origin: [`Refusal`]). About the run, no message.
//!   Anyone can send them (a page can loop), so the first [`REFUSALS_SHOWN`] are said one by
//!   one and the rest counted: [`Session::run_summary`] says how many in all.

use serde_json::{Map, Value};

use crate::diagnostic::Diagnostic;
use crate::host::session::{Finding, Session};
use crate::json::{parse, ReadOptions};

/// Something that happened on the wire outside the messages, which the session is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunEvent {
    /// The server refused `initialize`: `reason` is its error's message, if any.
    InitializeRefused {
        /// The error's message.
        reason: Option<String>,
    },
    /// A `*/list` request (`method`) was answered with an error (`reason`, its message).
    ListRefused {
        /// The list method.
        method: String,
        /// The error's message.
        reason: String,
    },
    /// A listing (`method`) still gave a `nextCursor` after `pages` pages; the host stopped.
    TooManyPages {
        /// The list method.
        method: String,
        /// The pages read.
        pages: u64,
    },
    /// Task `task_id` of `tool` was not terminal within `timeout_ms`; the host cancelled it.
    TaskTimeout {
        /// The task.
        task_id: String,
        /// The tool called.
        tool: String,
        /// The host's wait in milliseconds.
        timeout_ms: u64,
    },
    /// A call of `tool` still asked for input after `rounds` rounds; the host stopped.
    InputRoundsExceeded {
        /// The tool called.
        tool: String,
        /// The rounds answered.
        rounds: u64,
    },
    /// The server asked a question and the host had no answer to give: it cancelled.
    ElicitationCancelled,
    /// Request `method` got no answer within `timeout_ms`; `startup`: the server had sent
    /// nothing yet (the host's start-up wait). The host stopped the run.
    NoAnswer {
        /// The request's method.
        method: String,
        /// The host's wait in milliseconds.
        timeout_ms: u64,
        /// Whether it was the start-up wait (nothing heard from the server yet).
        startup: bool,
    },
    /// The HTTP proxy's request `method` to `url` failed upstream: the answer was `cut`
    /// (`mid-event` of an SSE stream, or `before-end`), or, without `cut`, the upstream could not
    /// be reached, for the network layer's reason: its error `code` and `reason` (its message).
    UpstreamFailed {
        /// The HTTP method.
        method: String,
        /// The upstream URL requested.
        url: String,
        /// The network error's code (`ECONNREFUSED`, `ERR_TLS_CERT_ALTNAME_INVALID`), if any.
        code: Option<String>,
        /// The network error's message, if any.
        reason: Option<String>,
        /// Where the answer was cut, when it was.
        cut: Option<AnswerCut>,
    },
    /// The HTTP proxy refused request `method` `target` (as the host sent them) with 403 and
    /// did not forward it, for `refused`; `port` is the port it listens on.
    ///
    /// The rule is the Streamable HTTP transport's "Security Warning": servers "MUST validate
    /// the `Origin` header on all incoming connections to prevent DNS rebinding attacks" and "If
    /// the `Origin` header is present and invalid, servers MUST respond with HTTP 403
    /// Forbidden" (<https://modelcontextprotocol.io/specification/2025-11-25/basic/transports>,
    /// checked 2026-12-06; the same words in 2026-07-28's Streamable HTTP "Security &
    /// Endpoint"). The proxy is the local server the host talks to, so the rule binds it, and it
    /// keeps it by refusing; its `Host` check is the conformance suite's
    /// `dns-rebinding-protection` scenario (a page that rebinds its own name to 127.0.0.1 sends
    /// its own name as `Host`).
    ///
    /// A warning, not an error: no one broke a MUST (the proxy kept it; the request came from a
    /// web page, or a host the user has not allowed, and no spec binds what a page sends), and
    /// the traffic of the hosts the user runs goes on. It is said because the user should know
    /// it happened: a page tried to reach their server, or a browser-based host of theirs needs
    /// `--allow-origin`.
    RequestRefused {
        /// The HTTP method.
        method: String,
        /// The request target as sent (a path, or what was sent instead of one).
        target: String,
        /// The port the proxy listens on.
        port: u64,
        /// Why it was refused.
        refused: Refusal,
    },
}

/// Why the HTTP proxy refused a request ([`RunEvent::RequestRefused`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Its `Host` (none, when it had none) is not `127.0.0.1`, `localhost` or `[::1]` at the
    /// proxy's port: a page after DNS rebinding sends its own host name.
    Host(Option<String>),
    /// Its `Origin` is neither the proxy's own (`http://` one of those names at its port) nor
    /// one the user allowed (`--allow-origin`).
    Origin(String),
    /// Its target is not a path on the proxy (an absolute URL, `//host/…`): forwarded, it would
    /// leave the upstream's origin.
    Target,
}

/// Where an upstream's answer was cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerCut {
    /// Inside an event of an SSE stream.
    MidEvent,
    /// Before the answer's end (between events, or in a JSON body).
    BeforeEnd,
}

impl RunEvent {
    /// Reads an event from JSON: `{"event": "<code>", …}` with the variant's members in
    /// camelCase (`reason`, `method`, `pages`, `taskId`, `tool`, `timeoutMs`, `rounds`) and any
    /// of `allowed` (members the caller reads itself); another member, or a missing one, is an
    /// error that names it.
    pub fn from_json(value: &Value, allowed: &[&str]) -> Result<Self, String> {
        let Value::Object(members) = value else {
            return Err(format!("an event is an object, found {value}"));
        };
        let read = Members(members);
        let event = match read.text("event")?.as_str() {
            "initialize-refused" => Self::InitializeRefused {
                reason: read.optional_text("reason")?,
            },
            "list-refused" => Self::ListRefused {
                method: read.text("method")?,
                reason: read.text("reason")?,
            },
            "too-many-pages" => Self::TooManyPages {
                method: read.text("method")?,
                pages: read.count("pages")?,
            },
            "task-timeout" => Self::TaskTimeout {
                task_id: read.text("taskId")?,
                tool: read.text("tool")?,
                timeout_ms: read.count("timeoutMs")?,
            },
            "input-rounds-exceeded" => Self::InputRoundsExceeded {
                tool: read.text("tool")?,
                rounds: read.count("rounds")?,
            },
            "elicitation-cancelled" => Self::ElicitationCancelled,
            "no-answer" => Self::NoAnswer {
                method: read.text("method")?,
                timeout_ms: read.count("timeoutMs")?,
                startup: read.flag("startup")?,
            },
            "upstream-failed" => Self::UpstreamFailed {
                method: read.text("method")?,
                url: read.text("url")?,
                code: read.optional_text("code")?,
                reason: read.optional_text("reason")?,
                cut: match read.optional_text("cut")?.as_deref() {
                    None => None,
                    Some("mid-event") => Some(AnswerCut::MidEvent),
                    Some("before-end") => Some(AnswerCut::BeforeEnd),
                    Some(other) => {
                        return Err(format!(
                            "\"cut\" is \"mid-event\" or \"before-end\", found {other:?}"
                        ))
                    }
                },
            },
            "request-refused" => Self::RequestRefused {
                method: read.text("method")?,
                target: read.text("target")?,
                port: read.count("port")?,
                refused: match read.text("refused")?.as_str() {
                    "host" => Refusal::Host(read.optional_text("host")?),
                    "origin" => Refusal::Origin(read.text("origin")?),
                    "target" => Refusal::Target,
                    other => {
                        return Err(format!(
                            "\"refused\" is \"host\", \"origin\" or \"target\", found {other:?}"
                        ))
                    }
                },
            },
            other => return Err(format!("unknown event {other:?}")),
        };
        let known = event.members();
        if let Some(extra) = members.keys().find(|k| {
            *k != "event" && !known.contains(&k.as_str()) && !allowed.contains(&k.as_str())
        }) {
            return Err(format!(
                "unknown member {extra:?} of a {:?} event",
                event.code()
            ));
        }
        Ok(event)
    }

    /// The members the variant reads.
    fn members(&self) -> &'static [&'static str] {
        match self {
            Self::InitializeRefused { .. } => &["reason"],
            Self::ListRefused { .. } => &["method", "reason"],
            Self::TooManyPages { .. } => &["method", "pages"],
            Self::TaskTimeout { .. } => &["taskId", "tool", "timeoutMs"],
            Self::InputRoundsExceeded { .. } => &["tool", "rounds"],
            Self::ElicitationCancelled => &[],
            Self::NoAnswer { .. } => &["method", "timeoutMs", "startup"],
            Self::UpstreamFailed { .. } => &["method", "url", "code", "reason", "cut"],
            Self::RequestRefused { refused, .. } => match refused {
                Refusal::Host(_) => &["method", "target", "port", "refused", "host"],
                Refusal::Origin(_) => &["method", "target", "port", "refused", "origin"],
                Refusal::Target => &["method", "target", "port", "refused"],
            },
        }
    }

    /// The finding's code.
    pub fn code(&self) -> &'static str {
        match self {
            Self::InitializeRefused { .. } => "initialize-refused",
            Self::ListRefused { .. } => "list-refused",
            Self::TooManyPages { .. } => "too-many-pages",
            Self::TaskTimeout { .. } => "task-timeout",
            Self::InputRoundsExceeded { .. } => "input-rounds-exceeded",
            Self::ElicitationCancelled => "elicitation-cancelled",
            Self::NoAnswer { .. } => "no-answer",
            Self::UpstreamFailed { .. } => "upstream-failed",
            Self::RequestRefused { .. } => "request-refused",
        }
    }

    /// The finding (no place yet).
    pub fn diagnostic(&self) -> Diagnostic {
        let code = self.code();
        match self {
            Self::InitializeRefused { reason } => Diagnostic::error(
                code,
                format!(
                    "the server refused initialize: {}",
                    reason.as_deref().unwrap_or("no result")
                ),
            ),
            Self::ListRefused { method, reason } => Diagnostic::error(
                code,
                format!("{method} was answered with an error: {reason}"),
            ),
            Self::TooManyPages { method, pages } => Diagnostic::error(
                code,
                format!("{method}: still a nextCursor after {pages} pages, listing stopped"),
            ),
            Self::TaskTimeout {
                task_id,
                tool,
                timeout_ms,
            } => Diagnostic::error(
                code,
                format!(
                    "task {task_id} of {tool} was not finished within --timeout {timeout_ms} ms \
                     (cancelled)"
                ),
            ),
            Self::InputRoundsExceeded { tool, rounds } => Diagnostic::warning(
                code,
                format!(
                    "{tool} still asked for input after {rounds} rounds; the check stopped \
                     there, as the official SDKs' clients do (10 rounds)"
                ),
            ),
            Self::ElicitationCancelled => Diagnostic::warning(
                code,
                "the server asked for input; no --elicit FILE was given, so the check answered \
                 cancel",
            ),
            Self::NoAnswer {
                method,
                timeout_ms,
                startup,
            } => {
                let wait = if *startup {
                    " (the start-up wait: the server has sent nothing yet)"
                } else {
                    ""
                };
                Diagnostic::error(
                    code,
                    format!("no answer to {method} within {timeout_ms} ms{wait}; the check stopped there"),
                )
            }
            Self::UpstreamFailed {
                method,
                url,
                code: error_code,
                reason,
                cut,
            } => {
                let what = match cut {
                    Some(AnswerCut::MidEvent) => "the answer was cut: cut mid-event".to_owned(),
                    Some(AnswerCut::BeforeEnd) => {
                        "the answer was cut: cut before its end".to_owned()
                    }
                    None => {
                        let why = error_code
                            .as_deref()
                            .or(reason.as_deref())
                            .unwrap_or("no reason given");
                        let failed = if is_tls(error_code.as_deref(), reason.as_deref()) {
                            "TLS error"
                        } else {
                            "cannot reach the upstream"
                        };
                        format!("{failed}: {why}")
                    }
                };
                Diagnostic::error(
                    code,
                    format!(
                        "{method} {url}: {what}; the host's connection is closed as the \
                         upstream's was"
                    ),
                )
            }
            Self::RequestRefused {
                method,
                target,
                port,
                refused,
            } => {
                let own = format!("127.0.0.1:{port}, localhost:{port} or [::1]:{port}");
                let why = match refused {
                    Refusal::Host(None) => format!(
                        "it has no Host header (the proxy takes only {own}, its own address)"
                    ),
                    Refusal::Host(Some(host)) => format!(
                        "its Host {} is not the proxy's own address ({own}): a web page's \
                         request after DNS rebinding names the page's host",
                        shown(host)
                    ),
                    Refusal::Origin(origin) => format!(
                        "its Origin {} is neither the proxy's own (http:// and {own}) nor one \
                         --allow-origin allows: a request from a web page of that origin \
                         (--allow-origin URL lets a browser-based host of yours through)",
                        shown(origin)
                    ),
                    Refusal::Target => {
                        "its target is not a path on the proxy (forwarded, it would leave the \
                         upstream's origin)"
                            .to_owned()
                    }
                };
                Diagnostic::warning(
                    code,
                    format!(
                        "{method} {}: refused with 403 and not forwarded: {why}",
                        shown(target)
                    ),
                )
            }
        }
    }
}

/// How many refused requests [`Session::run_event`] says one by one; the rest are counted.
pub const REFUSALS_SHOWN: usize = 10;

/// The longest text of a request (its target, `Host`, `Origin`) a finding quotes, in characters:
/// a refused request is anyone's, and a finding is one line.
const SHOWN_CHARS: usize = 200;

/// `text` quoted for a finding (control characters escaped), cut after [`SHOWN_CHARS`]
/// characters with `…`.
fn shown(text: &str) -> String {
    let cut: String = text.chars().take(SHOWN_CHARS).collect();
    if cut.len() < text.len() {
        format!("{cut:?}…")
    } else {
        format!("{text:?}")
    }
}

/// Whether a network error is a TLS one: Node's `ERR_TLS_*` codes, or a message about a
/// certificate, SSL or TLS (OpenSSL's errors, such as a self-signed certificate, have codes of
/// their own).
fn is_tls(code: Option<&str>, reason: Option<&str>) -> bool {
    let words = |text: &str| {
        let lower = text.to_ascii_lowercase();
        ["certificate", "ssl", "tls"]
            .iter()
            .any(|w| lower.contains(w))
    };
    code.is_some_and(|c| c.starts_with("ERR_TLS")) || reason.is_some_and(words)
}

/// An event's members, read with errors that name them.
struct Members<'m>(&'m Map<String, Value>);

impl Members<'_> {
    /// A string member that must be there.
    fn text(&self, key: &str) -> Result<String, String> {
        self.optional_text(key)?
            .ok_or_else(|| format!("an event needs {key:?}"))
    }

    /// A string member, if there (`null` is none).
    fn optional_text(&self, key: &str) -> Result<Option<String>, String> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(format!("{key:?} is a string, found {other}")),
        }
    }

    /// A boolean member, `false` when absent.
    fn flag(&self, key: &str) -> Result<bool, String> {
        match self.0.get(key) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(format!("{key:?} is true or false, found {other}")),
        }
    }

    /// A whole number member that must be there.
    fn count(&self, key: &str) -> Result<u64, String> {
        match self.0.get(key) {
            Some(Value::Number(n)) => n
                .as_u64()
                .ok_or_else(|| format!("{key:?} is a whole number, found {n}")),
            Some(other) => Err(format!("{key:?} is a whole number, found {other}")),
            None => Err(format!("an event needs {key:?}")),
        }
    }
}

impl Session {
    /// The finding for `event`, about the whole of push `message` (the request or answer it
    /// concerns: the refused answer, the last page, the task's call, the question).
    pub fn event(&self, event: &RunEvent, message: usize) -> Finding {
        Finding {
            diagnostic: event.diagnostic(),
            message_index: message,
            schema_message_index: None,
            whole_entry: true,
        }
    }

    /// The finding for `event` when it is about the run as a whole, no message: the HTTP
    /// proxy's `upstream-failed` (the request that failed may have been pushed, or not, or only
    /// in part) and `request-refused`; no span. Refused requests are anyone's to send, as many
    /// as a page likes: past the first [`REFUSALS_SHOWN`] they are counted, not said one by one
    /// (`None`; the last one said tells so), and [`Session::run_summary`] gives their count.
    pub fn run_event(&mut self, event: &RunEvent) -> Option<Diagnostic> {
        let found = event.diagnostic();
        if !matches!(event, RunEvent::RequestRefused { .. }) {
            return Some(found);
        }
        self.refusals = self.refusals.saturating_add(1);
        match self.refusals {
            n if n < REFUSALS_SHOWN => Some(found),
            REFUSALS_SHOWN => Some(Diagnostic {
                message: format!(
                    "{} (the {REFUSALS_SHOWN}th refused request: those after it are counted, \
                     not said one by one)",
                    found.message
                ),
                ..found
            }),
            _ => None,
        }
    }

    /// The findings about the run as a whole once it has ended: how many requests the HTTP
    /// proxy refused, when more were refused than [`Session::run_event`] said one by one.
    pub fn run_summary(&self) -> Vec<Diagnostic> {
        if self.refusals <= REFUSALS_SHOWN {
            return Vec::new();
        }
        vec![Diagnostic::warning(
            "request-refused",
            format!(
                "{} requests were refused with 403 and not forwarded in all, {} of them after \
                 the first {REFUSALS_SHOWN} said above (a web page that keeps trying, or a \
                 browser-based host that needs --allow-origin)",
                self.refusals,
                self.refusals - REFUSALS_SHOWN
            ),
        )]
    }

    /// Checks an answer the host was given to send to the server's questions (an `--elicit`
    /// file's `text`) before it is used: text that is not JSON is an `elicit-not-json` error at
    /// the parse error (the host then cancels). The answer as sent is checked in the transcript.
    pub fn check_answer(&self, text: &str) -> Vec<Diagnostic> {
        match parse(text, ReadOptions::default()) {
            Ok(_) => Vec::new(),
            Err(error) => {
                let found = error.diagnostic();
                let message = format!(
                    "the --elicit file is not JSON ({}): the check answered cancel",
                    found.message
                );
                vec![Diagnostic::error("elicit-not-json", message).with_span(found.span)]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(json: &str) -> Result<RunEvent, String> {
        RunEvent::from_json(&serde_json::from_str(json).unwrap(), &["entry"])
    }

    #[test]
    fn every_event_has_its_code_and_severity() {
        let cases = [
            (r#"{"event":"initialize-refused","entry":1}"#, "error"),
            (
                r#"{"event":"list-refused","method":"tools/list","reason":"no"}"#,
                "error",
            ),
            (
                r#"{"event":"too-many-pages","method":"tools/list","pages":100}"#,
                "error",
            ),
            (
                r#"{"event":"task-timeout","taskId":"t","tool":"x","timeoutMs":5}"#,
                "error",
            ),
            (
                r#"{"event":"input-rounds-exceeded","tool":"x","rounds":10}"#,
                "warning",
            ),
            (r#"{"event":"elicitation-cancelled"}"#, "warning"),
            (
                r#"{"event":"no-answer","method":"tools/list","timeoutMs":5}"#,
                "error",
            ),
            (
                r#"{"event":"upstream-failed","method":"GET","url":"http://h/mcp","cut":"mid-event"}"#,
                "error",
            ),
            (
                r#"{"event":"request-refused","method":"POST","target":"/mcp","port":8931,"refused":"origin","origin":"http://evil.example"}"#,
                "warning",
            ),
        ];
        let session = Session::new();
        for (json, severity) in cases {
            let read = event(json).unwrap();
            let found = session.event(&read, 3);
            let value: Value = serde_json::from_str(json).unwrap();
            assert_eq!(found.diagnostic.code, value["event"].as_str().unwrap());
            assert_eq!(
                serde_json::to_value(found.diagnostic.severity).unwrap(),
                severity
            );
            assert_eq!((found.message_index, found.whole_entry), (3, true));
        }
    }

    #[test]
    fn the_messages_say_what_happened() {
        let refused = event(r#"{"event":"initialize-refused","reason":"bad version"}"#).unwrap();
        assert_eq!(
            refused.diagnostic().message,
            "the server refused initialize: bad version"
        );
        let pages = event(r#"{"event":"too-many-pages","method":"tools/list","pages":3}"#);
        assert_eq!(
            pages.unwrap().diagnostic().message,
            "tools/list: still a nextCursor after 3 pages, listing stopped"
        );
        let silent =
            r#"{"event":"no-answer","method":"server/discover","timeoutMs":800,"startup":true}"#;
        assert_eq!(
            event(silent).unwrap().diagnostic().message,
            "no answer to server/discover within 800 ms (the start-up wait: the server has sent \
             nothing yet); the check stopped there"
        );
        let late = r#"{"event":"no-answer","method":"tools/list","timeoutMs":300,"startup":false}"#;
        assert_eq!(
            event(late).unwrap().diagnostic().message,
            "no answer to tools/list within 300 ms; the check stopped there"
        );
    }

    #[test]
    fn an_upstream_failure_says_what_failed() {
        let said = |json: &str| event(json).unwrap().diagnostic().message;
        let at = r#""event":"upstream-failed","method":"POST","url":"http://127.0.0.1:1/mcp""#;
        let tail = "; the host's connection is closed as the upstream's was";
        assert_eq!(
            said(&format!(
                r#"{{{at},"code":"ECONNREFUSED","reason":"connect ECONNREFUSED"}}"#
            )),
            format!("POST http://127.0.0.1:1/mcp: cannot reach the upstream: ECONNREFUSED{tail}")
        );
        // A self-signed certificate: OpenSSL's code, a message that names the certificate.
        let tls = format!(
            r#"{{{at},"code":"DEPTH_ZERO_SELF_SIGNED_CERT","reason":"self-signed certificate"}}"#
        );
        assert!(said(&tls).contains(": TLS error: DEPTH_ZERO_SELF_SIGNED_CERT;"));
        assert!(said(&format!(
            r#"{{{at},"code":"ERR_TLS_CERT_ALTNAME_INVALID"}}"#
        ))
        .contains(": TLS error: ERR_TLS_CERT_ALTNAME_INVALID;"));
        assert!(said(&format!(r#"{{{at},"reason":"socket hang up"}}"#))
            .contains(": cannot reach the upstream: socket hang up;"));
        assert!(said(&format!(r#"{{{at},"cut":"mid-event"}}"#))
            .contains(": the answer was cut: cut mid-event;"));
        assert!(said(&format!(r#"{{{at},"cut":"before-end"}}"#))
            .contains(": the answer was cut: cut before its end;"));
        assert!(event(&format!(r#"{{{at},"cut":"sideways"}}"#))
            .unwrap_err()
            .contains("sideways"));
        let cut = event(&format!(r#"{{{at},"cut":"before-end"}}"#)).unwrap();
        let found = Session::new().run_event(&cut).unwrap();
        assert_eq!((found.code.as_str(), found.span), ("upstream-failed", None));
        assert!(event(r#"{"event":"upstream-failed","method":"GET"}"#)
            .unwrap_err()
            .contains("url"));
    }

    #[test]
    fn a_refused_request_says_why_and_what_the_proxy_takes() {
        let said = |json: &str| event(json).unwrap().diagnostic().message;
        let at = r#""event":"request-refused","method":"POST","target":"/mcp","port":8931"#;
        assert_eq!(
            said(&format!(
                r#"{{{at},"refused":"host","host":"evil.example"}}"#
            )),
            "POST \"/mcp\": refused with 403 and not forwarded: its Host \"evil.example\" is not \
             the proxy's own address (127.0.0.1:8931, localhost:8931 or [::1]:8931): a web \
             page's request after DNS rebinding names the page's host"
        );
        assert!(said(&format!(r#"{{{at},"refused":"host"}}"#))
            .ends_with(": it has no Host header (the proxy takes only 127.0.0.1:8931, localhost:8931 or [::1]:8931, its own address)"));
        let origin = said(&format!(
            r#"{{{at},"refused":"origin","origin":"http://evil.example"}}"#
        ));
        assert!(origin.contains(": its Origin \"http://evil.example\" is neither the proxy's own"));
        assert!(origin.contains("--allow-origin URL lets a browser-based host of yours through"));
        let target = r#"{"event":"request-refused","method":"GET","target":"//evil.example/x","port":1,"refused":"target"}"#;
        assert!(said(target).starts_with(
            "GET \"//evil.example/x\": refused with 403 and not forwarded: its target is not a path"
        ));
        // Anyone's text: quoted with its control characters escaped, and cut.
        let long = format!(
            r#"{{{at},"refused":"origin","origin":"http://{}\n.example"}}"#,
            "é".repeat(300)
        );
        let message = said(&long);
        assert!(!message.contains('\n') && message.contains(&format!("{}\"…", "é".repeat(193))));
        let found = Session::new().run_event(&event(target).unwrap()).unwrap();
        assert_eq!((found.code.as_str(), found.span), ("request-refused", None));
        // Each reason reads its own member, and only it.
        assert!(event(&format!(r#"{{{at},"refused":"origin"}}"#))
            .unwrap_err()
            .contains("origin"));
        assert!(event(&format!(r#"{{{at},"refused":"target","host":"h"}}"#))
            .unwrap_err()
            .contains("host"));
        assert!(event(&format!(r#"{{{at},"refused":"cookie"}}"#))
            .unwrap_err()
            .contains("cookie"));
    }

    #[test]
    fn refused_requests_past_the_first_ones_are_counted_not_said() {
        let refused = event(
            r#"{"event":"request-refused","method":"GET","target":"/mcp","port":1,"refused":"host","host":"evil.example"}"#,
        )
        .unwrap();
        let failed =
            event(r#"{"event":"upstream-failed","method":"GET","url":"http://u/","reason":"x"}"#)
                .unwrap();
        let mut session = Session::new();
        assert_eq!(session.run_summary(), Vec::new());
        let said: Vec<_> = (0..1000)
            .filter_map(|_| session.run_event(&refused))
            .collect();
        assert_eq!(said.len(), REFUSALS_SHOWN);
        assert!(said[..REFUSALS_SHOWN - 1]
            .iter()
            .all(|d| !d.message.contains("counted")));
        assert!(
            said[REFUSALS_SHOWN - 1].message.ends_with(
                "(the 10th refused request: those after it are counted, not said one by one)"
            ),
            "{}",
            said[REFUSALS_SHOWN - 1].message
        );
        // Other events are said whatever the count.
        assert!(session.run_event(&failed).is_some());
        let summary = session.run_summary();
        assert_eq!(summary.len(), 1);
        assert_eq!(
            (summary[0].code.as_str(), summary[0].severity),
            ("request-refused", crate::diagnostic::Severity::Warning)
        );
        assert!(summary[0].message.starts_with("1000 requests were refused with 403 and not forwarded in all, 990 of them after the first 10"));
        // Up to the cap, each was said: nothing to add at the end.
        let mut few = Session::new();
        for _ in 0..REFUSALS_SHOWN {
            assert!(few.run_event(&refused).is_some());
        }
        assert_eq!(few.run_summary(), Vec::new());
    }

    #[test]
    fn a_bad_event_is_an_error_naming_it() {
        assert!(event(r#"{"event":"nope"}"#).unwrap_err().contains("nope"));
        assert!(event(r#"{"event":"task-timeout","tool":"x"}"#)
            .unwrap_err()
            .contains("taskId"));
        assert!(event(r#"{"event":"elicitation-cancelled","extra":1}"#)
            .unwrap_err()
            .contains("extra"));
        assert!(event(r#"{"event":"too-many-pages","method":"m","pages":-1}"#).is_err());
        assert!(event("[]").is_err());
        assert!(
            event(r#"{"event":"no-answer","method":"m","timeoutMs":1,"startup":1}"#)
                .unwrap_err()
                .contains("startup")
        );
    }

    #[test]
    fn an_answer_that_is_not_json_is_an_error_at_the_parse_error() {
        let session = Session::new();
        assert!(session.check_answer(r#"{"action":"accept"}"#).is_empty());
        let found = session.check_answer("{\"action\": }");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, "elicit-not-json");
        let span = found[0].span.unwrap();
        assert_eq!((span.line, span.column), (1, 12));
    }
}
