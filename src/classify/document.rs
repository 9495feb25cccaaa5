//! What a parsed payload is ([`classify_document`]): one message, or each element of a top-level
//! array, named, checked against the official schemas and summarised ([`Classification`]).

use std::collections::HashMap;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity, Span};
use crate::json::{Document, Node};
use crate::protocol::messages::{request_id, RequestId};
use crate::protocol::Generation;
use crate::protocol::GENERATIONS;
use crate::validate::official;

use super::envelope::{Envelope, EnvelopeKind, IdKind};
use super::summary::Summary;
use super::{checks, envelope, kind, summary};

/// What a pasted payload is.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Classification {
    /// The official `$defs` name (`CreateTaskResult`, `CallToolRequest`, …) or `Unknown`
    /// (also for a top-level array: its elements are in `items`).
    pub kind: String,
    /// The protocol generation, or `None` when it cannot be told.
    pub generation: Option<Generation>,
    /// The versions whose schema the payload satisfies as `kind`.
    pub versions: Vec<Generation>,
    /// How the payload is wrapped.
    pub envelope: Envelope,
    /// The method of a request or notification, or of the request a response answers when that
    /// request precedes it in the same pasted array.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub method: Option<String>,
    /// Where the classified value sits in the text.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub span: Option<Span>,
    /// The card: task, tool result, request, error, task list or batch.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub summary: Option<Summary>,
    /// Parse warnings, envelope problems, schema violations and semantic findings. For a
    /// top-level array this also repeats every item's diagnostics, so one list shows them all.
    pub diagnostics: Vec<Diagnostic>,
    /// For a top-level array: one classification per element, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub items: Vec<Classification>,
}

impl Classification {
    /// An `Unknown` bare classification carrying `diagnostics`.
    pub(super) fn unknown(span: Option<Span>, diagnostics: Vec<Diagnostic>) -> Self {
        Self {
            kind: kind::UNKNOWN.to_owned(),
            generation: None,
            versions: Vec::new(),
            envelope: Envelope {
                kind: EnvelopeKind::Bare,
                id: None,
                id_kind: IdKind::Absent,
            },
            method: None,
            span,
            summary: None,
            diagnostics,
            items: Vec::new(),
        }
    }
}

/// Classifies a parsed document: a message, or each element of a top-level array.
pub fn classify_document(doc: &Document<'_>) -> Classification {
    let mut classification = match doc.root.elements() {
        Some(items) => classify_list(doc, items),
        None => classify_message(doc, &doc.root, "", None),
    };
    classification
        .diagnostics
        .splice(0..0, doc.warnings.iter().cloned());
    classification
}

/// Classifies each element of a top-level array; a response is named after the request with the
/// same id when that request comes earlier in the array.
fn classify_list(doc: &Document<'_>, items: &[Node]) -> Classification {
    let mut asked: HashMap<RequestId, &str> = HashMap::new();
    let mut classified = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let id = item.value_of("id").and_then(|n| request_id(doc, n));
        let method = item.value_of("method").and_then(Node::as_str);
        let answered = match (method, &id) {
            (None, Some(id)) => asked.get(id).copied(),
            _ => None,
        };
        classified.push(classify_message(doc, item, &format!("/{i}"), answered));
        if let (Some(id), Some(method)) = (id, method) {
            asked.insert(id, method);
        }
    }
    let mut list = Classification::unknown(Some(doc.span(doc.root.range)), Vec::new());
    list.envelope = Envelope::batch();
    if classified.is_empty() {
        list.diagnostics.push(
            Diagnostic::error(
                "empty-batch",
                "An empty array is not a JSON-RPC batch: paste at least one message.",
            )
            .at_pointer("")
            .with_span(list.span),
        );
    }
    let mut generations = classified.iter().filter_map(|c| c.generation);
    let first = generations.next();
    list.generation = first.filter(|g| generations.all(|other| other == *g));
    list.versions = GENERATIONS
        .into_iter()
        .filter(|v| !classified.is_empty() && classified.iter().all(|c| c.versions.contains(v)))
        .collect();
    list.summary = Some(Summary::Batch(summary::BatchSummary {
        count: classified.len(),
        kinds: classified.iter().map(|c| c.kind.clone()).collect(),
    }));
    list.diagnostics.extend(
        classified
            .iter()
            .flat_map(|c| c.diagnostics.iter().cloned()),
    );
    list.items = classified;
    list
}

/// Classifies one value found at `pointer`; `answered` is the method of the request it answers.
fn classify_message(
    doc: &Document<'_>,
    node: &Node,
    pointer: &str,
    answered: Option<&str>,
) -> Classification {
    let span = Some(doc.span(node.range));
    if node.members().is_none() {
        let message = format!(
            "A JSON {} is not an MCP message: paste an object, or an array of objects.",
            node.type_name()
        );
        return Classification::unknown(
            span,
            vec![Diagnostic::error("not-a-message", message)
                .at_pointer(pointer)
                .with_span(span)],
        );
    }
    let message = envelope::unwrap(doc, node, pointer);
    let detected = kind::detect(doc, &message, answered);
    let markers = checks::markers(&message);
    let marked = checks::marked_generation(&markers);
    let (target, target_pointer) = if detected.whole {
        (message.whole, &message.pointer)
    } else {
        (message.body, &message.body_pointer)
    };
    let instance = doc.lexeme(target);
    let outcomes: Vec<(Generation, Vec<Diagnostic>)> = GENERATIONS
        .into_iter()
        .filter_map(|v| {
            official::check(v.into(), detected.kind, instance, doc, target_pointer).map(|d| (v, d))
        })
        .collect();
    let versions: Vec<Generation> = outcomes
        .iter()
        .filter(|(_, d)| d.is_empty())
        .map(|(v, _)| *v)
        .collect();
    let defined_in_one = match outcomes.as_slice() {
        [(only, _)] => Some(*only),
        _ => None,
    };
    // Markers (resultType, ttl, a declared protocol version, ...) say which generation the payload
    // means to be; otherwise the schemas it satisfies do.
    let generation = marked.or(match versions.as_slice() {
        [only] => Some(*only),
        [] => defined_in_one,
        _ => None,
    });
    let mut found = message.diagnostics.clone();
    found.extend(checks::run(
        doc,
        &message,
        detected.kind,
        generation,
        &markers,
    ));
    let explained = explain(&outcomes, &versions, generation, detected.kind, &found);
    found.extend(explained);
    found.extend(unrecognised(doc, &message, detected.kind));
    let summary = summary::summarize(doc, &message, detected.kind, generation);
    Classification {
        kind: detected.kind.to_owned(),
        generation,
        versions,
        envelope: message.envelope.clone(),
        method: message
            .method
            .clone()
            .or_else(|| answered.map(str::to_owned)),
        span,
        summary,
        diagnostics: found,
        items: Vec::new(),
    }
}

/// The schema violations worth showing: those of the generation the payload means to be when it
/// fails that version's schema, or of the closest version when no generation can be told and
/// no version accepts it. A violation at the same place as a finding in `known` (which explains
/// it better) is left out; each message names the definition and version it was checked as.
fn explain(
    outcomes: &[(Generation, Vec<Diagnostic>)],
    versions: &[Generation],
    generation: Option<Generation>,
    kind: &str,
    known: &[Diagnostic],
) -> Vec<Diagnostic> {
    let explained = match generation {
        Some(g) if !versions.contains(&g) => outcomes.iter().find(|(v, _)| *v == g),
        None if versions.is_empty() => outcomes.iter().min_by_key(|(_, d)| d.len()),
        _ => None,
    };
    let Some((version, diagnostics)) = explained else {
        return Vec::new();
    };
    diagnostics
        .iter()
        .filter(|d| !known.iter().any(|k| k.instance_path == d.instance_path))
        .map(|d| Diagnostic {
            message: format!(
                "{} (checked as {kind} of {}).",
                d.message.trim_end_matches('.'),
                version.as_str()
            ),
            ..d.clone()
        })
        .collect()
}

/// Why a message could not be named more precisely, if it could not.
fn unrecognised(
    doc: &Document<'_>,
    message: &envelope::Message<'_>,
    kind: &str,
) -> Option<Diagnostic> {
    const IDENTIFYING: &str = "resultType, task, taskId and status, content, tools, …";
    let body = message.body;
    let (severity, code, text) = match kind {
        kind::UNKNOWN if body.members().is_none() => (
            Severity::Error,
            "result-not-object",
            format!("The result is a JSON {}, but MCP results are objects.", body.type_name()),
        ),
        kind::UNKNOWN if message.envelope.kind == EnvelopeKind::ResultResponse => (
            Severity::Warning,
            "unrecognised",
            format!("The result has none of the members that identify a kind of result ({IDENTIFYING})."),
        ),
        kind::UNKNOWN => (
            Severity::Warning,
            "unrecognised",
            format!(
                "Not recognised as an MCP message: it has no JSON-RPC method, result or error, and none of \
                 the members that identify a result ({IDENTIFYING})."
            ),
        ),
        "JSONRPCRequest" | "JSONRPCNotification" => (
            Severity::Warning,
            "unrecognised",
            format!(
                "Method \"{}\" is not defined by MCP 2025-11-25, 2026-07-28 or the tasks extension.",
                message.method.as_deref().unwrap_or_default()
            ),
        ),
        _ => return None,
    };
    let node = message.whole.value_of("method").unwrap_or(body);
    Some(
        Diagnostic::new(severity, code, text)
            .at_pointer(message.body_pointer.as_str())
            .with_span(Some(doc.span(node.range))),
    )
}
