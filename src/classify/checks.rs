//! Findings the schemas cannot express: mixed protocol generations, mislabelled task bodies,
//! task ids some hosts reject, unknown `resultType`s, terminal task handles, and non-object
//! `structuredContent` before 2026-07-28.

use super::envelope::{EnvelopeKind, Message};
use super::kind;
use super::summary::is_terminal;
use crate::diagnostic::{ByteRange, Diagnostic};
use crate::json::{Document, Node, NodeKind};
use crate::protocol::messages::PROTOCOL_VERSION;
use crate::protocol::Generation;
use crate::protocol::GENERATIONS;

/// Something in a payload that belongs to one protocol generation only.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// How to name it in a message, e.g. `"ttl"` or `method "tasks/list"`.
    pub what: String,
    /// The generation it belongs to.
    pub version: Generation,
    /// Where it is.
    pub pointer: String,
    /// Its text range.
    pub range: ByteRange,
    /// The name the other generation uses for the same thing, if any.
    pub counterpart: Option<&'static str>,
    /// Whether it names the message's generation outright (the method, a declared protocol
    /// version) rather than hinting at it with a member.
    pub decisive: bool,
}

/// The generation `key` belongs to alone, with the other generation's name for the same thing
/// if there is one: the time-to-live and polling-interval keys and the task result marker of
/// each generation's [`Rules`](crate::protocol::Rules).
fn generation_key(key: &str) -> Option<(Generation, Option<&'static str>)> {
    GENERATIONS.into_iter().find_map(|generation| {
        let (own, other) = (generation.rules(), generation.other().rules());
        let counterpart = if key == own.ttl {
            Some(other.ttl)
        } else if key == own.poll_interval {
            Some(other.poll_interval)
        } else if key == own.result_marker {
            None
        } else {
            return None;
        };
        Some((generation, counterpart))
    })
}

/// Every generation marker of a message: generation-only keys on the body, its `task` and the
/// `params`, a method defined in one generation only, and a declared protocol version.
pub fn markers(message: &Message<'_>) -> Vec<Marker> {
    let mut found = Vec::new();
    let params = message.whole.value_of("params");
    for (node, pointer) in task_places(message) {
        for member in node.members().unwrap_or_default() {
            let key = member.key.as_str();
            let Some((version, counterpart)) = generation_key(key) else {
                continue;
            };
            let is_task_wrapper = key != "task" || member.value.members().is_some();
            if is_task_wrapper {
                found.push(Marker {
                    what: format!("\"{key}\""),
                    version,
                    pointer: format!("{pointer}/{key}"),
                    range: member.key_range,
                    counterpart,
                    decisive: false,
                });
            }
        }
    }
    if let (Some(method), Some(node)) = (&message.method, message.whole.value_of("method")) {
        let defined: Vec<Generation> = GENERATIONS
            .into_iter()
            .filter(|&v| kind::method_kind_in(v.into(), method).is_some())
            .collect();
        if let [only] = defined.as_slice() {
            found.push(Marker {
                what: format!("method \"{method}\""),
                version: *only,
                pointer: format!("{}/method", message.pointer),
                range: node.range,
                counterpart: None,
                decisive: true,
            });
        }
    }
    let declared = params
        .and_then(|p| p.value_of("_meta"))
        .and_then(|m| m.value_of(PROTOCOL_VERSION));
    if let Some((node, version)) =
        declared.and_then(|n| Some((n, Generation::from_version(n.as_str()?)?)))
    {
        found.push(Marker {
            what: format!("protocol version \"{}\"", version.as_str()),
            version,
            pointer: format!(
                "{}/params/_meta/{}",
                message.pointer,
                PROTOCOL_VERSION.replace('/', "~1")
            ),
            range: node.range,
            counterpart: None,
            decisive: true,
        });
    }
    found
}

/// The objects of a message that may hold task fields, with their pointers: the body, its
/// `task`, each of its `tasks`, and (for requests and notifications) `params` and `params.task`.
fn task_places<'n>(message: &Message<'n>) -> Vec<(&'n Node, String)> {
    let body = message.body;
    let mut places = vec![(body, message.body_pointer.clone())];
    if let Some(task) = body.value_of("task") {
        places.push((task, format!("{}/task", message.body_pointer)));
    }
    let tasks = body
        .value_of("tasks")
        .and_then(Node::elements)
        .unwrap_or_default();
    for (i, task) in tasks.iter().enumerate() {
        places.push((task, format!("{}/tasks/{i}", message.body_pointer)));
    }
    let params = message.whole.value_of("params");
    if let Some(params) = params.filter(|_| message.envelope.kind != EnvelopeKind::ResultResponse) {
        places.push((params, format!("{}/params", message.pointer)));
        if let Some(task) = params.value_of("task") {
            places.push((task, format!("{}/params/task", message.pointer)));
        }
    }
    places
}

/// The generation the markers point to: the one they all agree on, or, when they disagree, the
/// one a decisive marker (the method, a declared version) names; the others are then the mistake.
pub fn marked_generation(markers: &[Marker]) -> Option<Generation> {
    let first = markers.first()?.version;
    if markers.iter().all(|m| m.version == first) {
        return Some(first);
    }
    let mut decisive = markers.iter().filter(|m| m.decisive).map(|m| m.version);
    let named = decisive.next()?;
    decisive.all(|v| v == named).then_some(named)
}

/// The semantic findings about a message named `kind` of `generation`.
pub fn run(
    doc: &Document<'_>,
    message: &Message<'_>,
    kind: &str,
    generation: Option<Generation>,
    markers: &[Marker],
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    mixed_generations(doc, markers, &mut found);
    let body = message.body;
    let at = |key: &str| format!("{}/{key}", message.body_pointer);
    let result_type = body.value_of("resultType");
    let is_result = matches!(
        message.envelope.kind,
        EnvelopeKind::ResultResponse | EnvelopeKind::Bare
    );
    if let Some(node) = result_type.filter(|_| is_result) {
        match node.as_str() {
            Some("task") if kind == "GetTaskResult" => found.push(
                Diagnostic::error(
                    "mislabelled-task-result",
                    "This is a tasks/get answer, which has resultType \"complete\"; resultType \"task\" marks only \
                     the CreateTaskResult handle returned by the original request.",
                )
                .at_pointer(at("resultType"))
                .with_span(Some(doc.span(node.range))),
            ),
            Some("complete" | "task" | "input_required") | None => {}
            Some(other) => found.push(
                Diagnostic::error(
                    "unknown-result-type",
                    format!(
                        "resultType \"{other}\" is not one of \"complete\", \"task\" or \"input_required\"; a client \
                         cannot tell how to read this result."
                    ),
                )
                .at_pointer(at("resultType"))
                .with_span(Some(doc.span(node.range))),
            ),
        }
    }
    if kind == "CreateTaskResult" {
        let (task, pointer) = match body.value_of("task") {
            Some(task) if task.members().is_some() => (task, at("task")),
            _ => (body, message.body_pointer.clone()),
        };
        if let Some(status) = task
            .value_of("status")
            .filter(|s| s.as_str().is_some_and(is_terminal))
        {
            found.push(
                Diagnostic::warning(
                    "terminal-task-handle",
                    format!(
                        "This CreateTaskResult already reports status {}: a task handle is normally still \"working\"; \
                         the outcome must still be fetched through tasks/get.",
                        doc.lexeme(status)
                    ),
                )
                .at_pointer(format!("{pointer}/status"))
                .with_span(Some(doc.span(status.range))),
            );
        }
    }
    if matches!(kind, "CallToolResult" | "GetTaskPayloadResult")
        && generation.is_none_or(|g| g.rules().object_structured_content)
    {
        if let Some(node) = body
            .value_of("structuredContent")
            .filter(|n| n.members().is_none())
        {
            found.push(
                Diagnostic::error(
                    "structured-content-not-object",
                    format!(
                        "structuredContent is {} {}: up to 2025-11-25 it must be an object (2026-07-28 allows any JSON value).",
                        if node.type_name() == "array" || node.type_name() == "object" { "an" } else { "a" },
                        node.type_name()
                    ),
                )
                .at_pointer(at("structuredContent"))
                .with_span(Some(doc.span(node.range))),
            );
        }
    }
    task_ids(doc, message, &mut found);
    found
}

/// One error when markers of both generations occur together.
fn mixed_generations(doc: &Document<'_>, markers: &[Marker], found: &mut Vec<Diagnostic>) {
    let old = markers
        .iter()
        .find(|m| m.version == Generation::V2025_11_25);
    let new = markers
        .iter()
        .find(|m| m.version == Generation::V2026_07_28);
    let (Some(old), Some(new)) = (old, new) else {
        return;
    };
    let hint = old
        .counterpart
        .map_or(String::new(), |c| format!(" (2026-07-28 calls it \"{c}\")"));
    found.push(
        Diagnostic::error(
            "mixed-generations",
            format!(
                "This payload mixes protocol generations: {} belongs to 2025-11-25{hint} but {} belongs to 2026-07-28.",
                old.what, new.what
            ),
        )
        .at_pointer(old.pointer.as_str())
        .with_span(Some(doc.span(old.range))),
    );
}

/// Warns about task ids that are not printable ASCII of at most 128 characters without spaces.
fn task_ids(doc: &Document<'_>, message: &Message<'_>, found: &mut Vec<Diagnostic>) {
    for (node, pointer) in task_places(message) {
        let Some(id) = node.value_of("taskId") else {
            continue;
        };
        let NodeKind::String(text) = &id.kind else {
            continue;
        };
        let portable = !text.is_empty()
            && text.len() <= 128
            && text.bytes().all(|b| (0x21..=0x7e).contains(&b));
        if !portable {
            found.push(
                Diagnostic::warning(
                    "task-id-format",
                    "This taskId is not printable ASCII of 1 to 128 characters without spaces; some hosts reject such ids.",
                )
                .at_pointer(format!("{pointer}/taskId"))
                .with_span(Some(doc.span(id.range))),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::envelope::unwrap;
    use crate::json::{parse, ReadOptions};

    fn marked(text: &str) -> Option<Generation> {
        let doc = parse(text, ReadOptions::default()).unwrap();
        marked_generation(&markers(&unwrap(&doc, &doc.root, "")))
    }

    #[test]
    fn markers_tell_the_generation() {
        assert_eq!(
            marked(r#"{"task":{"taskId":"t","ttl":1}}"#),
            Some(Generation::V2025_11_25)
        );
        assert_eq!(
            marked(r#"{"resultType":"task","ttlMs":1}"#),
            Some(Generation::V2026_07_28)
        );
        assert_eq!(marked(r#"{"resultType":"task","ttl":1}"#), None);
        assert_eq!(
            marked(r#"{"jsonrpc":"2.0","method":"notifications/tasks","params":{"ttl":1}}"#),
            Some(Generation::V2026_07_28)
        );
        assert_eq!(
            marked(r#"{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"taskId":"t"}}"#),
            None
        );
        // A `task` member that is not an object is no marker.
        assert_eq!(marked(r#"{"task":"x"}"#), None);
    }

    #[test]
    fn portable_task_ids_pass() {
        let check = |id: &str| {
            let text = format!(r#"{{"taskId":{}}}"#, serde_json::to_string(id).unwrap());
            let doc = parse(&text, ReadOptions::default()).unwrap();
            let mut found = Vec::new();
            task_ids(&doc, &unwrap(&doc, &doc.root, ""), &mut found);
            found.len()
        };
        assert_eq!(check("task-123_ABC.~"), 0);
        assert_eq!(check(&"x".repeat(128)), 0);
        assert_eq!(check(&"x".repeat(129)), 1);
        assert_eq!(check("a b"), 1);
        assert_eq!(check("tâche"), 1);
        assert_eq!(check(""), 1);
    }
}
