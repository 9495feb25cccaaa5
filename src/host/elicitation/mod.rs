//! Elicitation: the form a server asks for and the user's answer, in both generations.
//!
//! - 2025-11-25: an `elicitation/create` request (form mode with a `requestedSchema`, or URL
//!   mode), answered by an `ElicitResult`;
//! - 2026-07-28: `inputRequests` (of an `InputRequiredResult` or an `input_required` task), each
//!   an `elicitation/create` (or sampling, roots) request under a key, answered by the
//!   `inputResponses` of `tasks/update` (or of the retried request), key for key.
//!
//! [`check_elicitation`] checks a pasted request and, optionally, its answer; the session replay
//! uses [`check_answer`] and [`check_input_responses`] on the messages of a transcript.
//!
//! Findings about the request are in [`form`]; about the answer, by code:
//! `elicitation-content-missing` (an `accept` of a form without `content`),
//! `elicitation-content-unexpected` (`content` with `decline`/`cancel`, or for a URL),
//! `input-response-unknown-key`, `input-response-missing`, `input-response-duplicate`,
//! `elicitation-answer-mismatch` (an `ElicitResult` for `inputRequests`, or `inputResponses` for
//! one request), and each `content` value's violations of `requestedSchema` with the codes and
//! messages of argument validation (`required`, `type`, `enum`, `minimum`, ...).

mod form;

use std::collections::HashSet;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::host::schema::validate_value;
use crate::host::{diagnostic_at, parse_into};
use crate::json::tree::escape_pointer_token;
use crate::json::{Document, Node};
use crate::protocol::messages::PROTOCOL_VERSION;
use crate::protocol::Generation;

pub(crate) use form::check_params;
pub use form::Mode;
use form::{check_def, mode_of};

/// One elicitation request found in the request text.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ElicitationRequest"))]
#[serde(rename_all = "camelCase")]
pub struct Elicitation {
    /// Its key in `inputRequests` (2026-07-28), if it has one.
    pub key: Option<String>,
    /// Pointer to its parameters (`message`, `requestedSchema` or `url`) in the request text.
    pub pointer: String,
    /// Form or URL.
    pub mode: Mode,
}

/// What [`check_elicitation`] returns.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ElicitationReport {
    /// No error in either list (warnings allowed).
    pub valid: bool,
    /// The generation the request shows, if it tells.
    pub generation: Option<Generation>,
    /// The elicitation requests found, in order.
    pub requests: Vec<Elicitation>,
    /// Findings about the request text; spans point into it. They depend on the request text
    /// alone: every response checked against the same request has the same.
    pub diagnostics: Vec<Diagnostic>,
    /// Findings about the response text; spans point into it.
    pub response_diagnostics: Vec<Diagnostic>,
}

/// Where the request text keeps its elicitation.
enum Asked {
    /// One request's parameters, at this pointer.
    One(String),
    /// An `inputRequests` map, at this pointer.
    Map(String),
}

/// Where the response text keeps its answer.
enum Answered {
    /// One `ElicitResult`, at this pointer.
    One(String),
    /// An `inputResponses` map, at this pointer.
    Map(String),
}

/// Finds the elicitation in a request text: an `elicitation/create` request (bare or as
/// JSON-RPC), its bare parameters, an `InputRequiredResult` or `input_required` task (bare or as
/// a response), or a bare `inputRequests` map.
fn locate_request(doc: &Document<'_>) -> Option<(Asked, Option<Generation>)> {
    let root = &doc.root;
    root.members()?;
    if root.value_of("method").and_then(Node::as_str) == Some("elicitation/create") {
        let params = root.value_of("params")?;
        let wire = root.get("id").is_some() || root.get("jsonrpc").is_some();
        let generation = declared_generation(params)
            .or_else(|| (wire || params_2025(params)).then_some(Generation::V2025_11_25));
        return Some((Asked::One("/params".to_owned()), generation));
    }
    if ["requestedSchema", "url", "message"]
        .iter()
        .any(|k| root.get(k).is_some())
    {
        let generation = params_2025(root).then_some(Generation::V2025_11_25);
        return Some((Asked::One(String::new()), generation));
    }
    let new = Some(Generation::V2026_07_28);
    for base in ["", "/result"] {
        let node = if base.is_empty() {
            Some(root)
        } else {
            root.value_of("result")
        };
        if node.is_some_and(|n| n.value_of("inputRequests").is_some()) {
            return Some((Asked::Map(format!("{base}/inputRequests")), new));
        }
    }
    let all_requests = root
        .members()
        .is_some_and(|m| !m.is_empty() && m.iter().all(|m| m.value.get("method").is_some()));
    all_requests.then(|| (Asked::Map(String::new()), new))
}

/// Fields only 2025-11-25 parameters have.
fn params_2025(params: &Node) -> bool {
    params.get("task").is_some() || params.get("elicitationId").is_some()
}

/// The generation a request's `_meta` declares.
fn declared_generation(params: &Node) -> Option<Generation> {
    let declared = params
        .value_of("_meta")?
        .value_of(PROTOCOL_VERSION)?
        .as_str()?;
    Generation::from_version(declared)
}

/// Finds the answer in a response text: an `ElicitResult` (bare or in a JSON-RPC response), a
/// `tasks/update` request (or any `params`) with `inputResponses`, or a bare `inputResponses`.
fn locate_response(doc: &Document<'_>) -> Option<Answered> {
    let root = &doc.root;
    root.members()?;
    if root.get("action").is_some() {
        return Some(Answered::One(String::new()));
    }
    if root
        .value_of("result")
        .is_some_and(|r| r.get("action").is_some())
    {
        return Some(Answered::One("/result".to_owned()));
    }
    for base in ["", "/params", "/result"] {
        let node = doc.pointer(base);
        if node.is_some_and(|n| n.value_of("inputResponses").is_some()) {
            return Some(Answered::Map(format!("{base}/inputResponses")));
        }
    }
    Some(Answered::Map(String::new()))
}

/// Checks an elicitation request and, if given, the user's answer to it. Text that is not JSON
/// gives one positioned `JsonError` diagnostic in its list.
pub fn check_elicitation(request_text: &str, response_text: Option<&str>) -> ElicitationReport {
    let mut report = ElicitationReport::default();
    let Some(doc) = parse_into(request_text, &mut report.diagnostics) else {
        return report.finish();
    };
    let Some((asked, generation)) = locate_request(&doc) else {
        let message = "not an elicitation request: expected elicitation/create (or its params), inputRequests, or an input_required result";
        report.diagnostics.push(diagnostic_at(
            &doc,
            Severity::Error,
            "not-an-elicitation",
            message.into(),
            String::new(),
        ));
        return report.finish();
    };
    let checked_as = generation.unwrap_or_else(|| best_generation(&doc, &asked));
    report.generation = generation;
    match &asked {
        Asked::One(pointer) => {
            let mode = check_params(&doc, pointer, checked_as, &mut report.diagnostics);
            report.requests.push(Elicitation {
                key: None,
                pointer: pointer.clone(),
                mode,
            });
        }
        Asked::Map(pointer) => {
            report.diagnostics.extend(
                check_def(&doc, checked_as, "InputRequests", pointer)
                    .into_iter()
                    .filter(|d| !d.instance_path.contains("/params")),
            );
            for (key, params) in elicitations(&doc, pointer) {
                let mode = check_params(&doc, &params, checked_as, &mut report.diagnostics);
                report.requests.push(Elicitation {
                    key: Some(key),
                    pointer: params,
                    mode,
                });
            }
        }
    }
    if let Some(text) = response_text {
        let mut out = Vec::new();
        if let Some(answer_doc) = parse_into(text, &mut out) {
            check_response(&doc, &asked, &answer_doc, checked_as, &mut out);
        }
        report.response_diagnostics = out;
    }
    report.finish()
}

/// Checks the answer against what was asked.
fn check_response(
    doc: &Document<'_>,
    asked: &Asked,
    answer_doc: &Document<'_>,
    generation: Generation,
    out: &mut Vec<Diagnostic>,
) {
    let mismatch = |what: &str| {
        diagnostic_at(
            answer_doc,
            Severity::Error,
            "elicitation-answer-mismatch",
            what.to_owned(),
            String::new(),
        )
    };
    match (asked, locate_response(answer_doc)) {
        (Asked::One(params), Some(Answered::One(answer))) => {
            check_answer(doc, params, answer_doc, &answer, generation, out);
        }
        (Asked::Map(requests), Some(Answered::Map(responses))) => {
            check_input_responses(doc, requests, answer_doc, &responses, generation, out);
        }
        (Asked::One(_), _) => out.push(mismatch(
            "one elicitation/create is answered by an ElicitResult ({\"action\": ...})",
        )),
        (Asked::Map(_), _) => out.push(mismatch(
            "inputRequests are answered by inputResponses, one answer per key",
        )),
    }
}

/// The generation whose `$defs` the request satisfies best (fewest errors; 2026-07-28 on a tie).
fn best_generation(doc: &Document<'_>, asked: &Asked) -> Generation {
    let errors = |generation| {
        let mut out = Vec::new();
        match asked {
            Asked::One(pointer) => {
                check_params(doc, pointer, generation, &mut out);
            }
            Asked::Map(pointer) => {
                for (_, params) in elicitations(doc, pointer) {
                    check_params(doc, &params, generation, &mut out);
                }
            }
        }
        out.iter().filter(|d| d.is_error()).count()
    };
    if errors(Generation::V2025_11_25) < errors(Generation::V2026_07_28) {
        Generation::V2025_11_25
    } else {
        Generation::V2026_07_28
    }
}

/// The `elicitation/create` entries of the `inputRequests` map at `pointer`: key and pointer of
/// their parameters.
pub(crate) fn elicitations(doc: &Document<'_>, pointer: &str) -> Vec<(String, String)> {
    let Some(members) = doc.pointer(pointer).and_then(Node::members) else {
        return Vec::new();
    };
    members
        .iter()
        .filter(|m| m.value.value_of("method").and_then(Node::as_str) == Some("elicitation/create"))
        .map(|m| {
            let at = format!("{pointer}/{}/params", escape_pointer_token(&m.key));
            (m.key.clone(), at)
        })
        .collect()
}

/// Checks an `ElicitResult` (at `answer` in `answer_doc`) against the request parameters at
/// `params` in `doc`: the `$def`, `content` exactly when a form is accepted, and the content
/// against `requestedSchema` through the argument validator. Findings go to `out`, with spans in
/// `answer_doc`.
pub(crate) fn check_answer(
    doc: &Document<'_>,
    params: &str,
    answer_doc: &Document<'_>,
    answer: &str,
    generation: Generation,
    out: &mut Vec<Diagnostic>,
) {
    let Some(node) = answer_doc.pointer(answer) else {
        return;
    };
    let mode = doc.pointer(params).map_or(Mode::Form, mode_of);
    let content_path = format!("{answer}/content");
    let inside_content = format!("{content_path}/");
    // Values inside `content` are checked against `requestedSchema` below, which says more than
    // the `$def` (whose value types also leave out non-integer numbers a number field allows).
    out.extend(
        check_def(answer_doc, generation, "ElicitResult", answer)
            .into_iter()
            .filter(|d| !d.instance_path.starts_with(&inside_content)),
    );
    let action = node.value_of("action").and_then(Node::as_str);
    let content = node.value_of("content");
    let unexpected = |why: &str| {
        diagnostic_at(
            answer_doc,
            Severity::Error,
            "elicitation-content-unexpected",
            why.to_owned(),
            content_path.clone(),
        )
    };
    match (action, mode, content) {
        (Some("accept"), Mode::Form, Some(_)) => out.extend(validate_value(
            doc,
            &format!("{params}/requestedSchema"),
            answer_doc,
            &content_path,
        )),
        (Some("accept"), Mode::Form, None) => out.push(diagnostic_at(
            answer_doc,
            Severity::Error,
            "elicitation-content-missing",
            "an accepted form carries the submitted values in `content`".into(),
            answer.to_owned(),
        )),
        (Some("accept"), Mode::Url, Some(_)) => out.push(unexpected(
            "a URL elicitation is answered without `content`: the user acts on the page it opens",
        )),
        (Some("decline" | "cancel"), _, Some(_)) => out.push(unexpected(
            "`content` is only sent when the action is `accept`",
        )),
        _ => {}
    }
}

/// Checks an `inputResponses` map (at `responses` in `answer_doc`) against the `inputRequests`
/// map at `requests` in `doc`: every key answered once, no unknown key, each elicitation answer
/// checked with [`check_answer`]. Returns the keys answered.
pub(crate) fn check_input_responses(
    doc: &Document<'_>,
    requests: &str,
    answer_doc: &Document<'_>,
    responses: &str,
    generation: Generation,
    out: &mut Vec<Diagnostic>,
) -> Vec<String> {
    let asked = doc
        .pointer(requests)
        .and_then(Node::members)
        .unwrap_or_default();
    let Some(answers) = answer_doc.pointer(responses).and_then(Node::members) else {
        out.extend(check_def(
            answer_doc,
            generation,
            "InputResponses",
            responses,
        ));
        return Vec::new();
    };
    let mut seen = HashSet::new();
    let mut answered = Vec::new();
    for member in answers {
        let key = member.key.as_str();
        let at = format!("{responses}/{}", escape_pointer_token(key));
        let report = |code: &str, message: String| {
            diagnostic_at(answer_doc, Severity::Error, code, message, at.clone())
        };
        if !seen.insert(key) {
            out.push(report(
                "input-response-duplicate",
                format!("the input request {key:?} is answered twice"),
            ));
            continue;
        }
        let Some(request) = asked.iter().find(|m| m.key == key) else {
            out.push(report(
                "input-response-unknown-key",
                format!("no input request has the key {key:?}"),
            ));
            continue;
        };
        answered.push(key.to_owned());
        let params = format!("{requests}/{}/params", escape_pointer_token(key));
        match request.value.value_of("method").and_then(Node::as_str) {
            Some("elicitation/create") => {
                check_answer(doc, &params, answer_doc, &at, generation, out)
            }
            Some("sampling/createMessage") => out.extend(check_def(
                answer_doc,
                generation,
                "CreateMessageResult",
                &at,
            )),
            Some("roots/list") => {
                out.extend(check_def(answer_doc, generation, "ListRootsResult", &at))
            }
            _ => {}
        }
    }
    for request in asked {
        if !seen.contains(request.key.as_str()) {
            let message = format!("the input request {:?} is not answered", request.key);
            out.push(diagnostic_at(
                answer_doc,
                Severity::Error,
                "input-response-missing",
                message,
                responses.to_owned(),
            ));
        }
    }
    answered
}

impl ElicitationReport {
    /// Sets `valid` from the diagnostics.
    fn finish(mut self) -> Self {
        self.valid = !self
            .diagnostics
            .iter()
            .chain(&self.response_diagnostics)
            .any(Diagnostic::is_error);
        self
    }
}
