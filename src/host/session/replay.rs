//! [`replay_session`]: a whole transcript pushed into a [`Session`] entry by entry, each finding's
//! position moved from its message's text to the transcript's.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, Span};
use crate::host::session::{Entry, Finding, Session, SessionOptions, ToolTable};
use crate::host::task_state::TaskState;
use crate::host::transcript::{self, read_transcript};
use crate::json::{parse, Document, ReadOptions};

/// What [`replay_session`] returns.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SessionReport {
    /// The host's session state: every task by `taskId` (terminal tasks past
    /// [`super::MAX_FINISHED_TASKS`] forgotten).
    pub tasks: BTreeMap<String, TaskState>,
    /// Everything found, in transcript order; spans point into the transcript text.
    pub diagnostics: Vec<Diagnostic>,
    /// Every tool listed, with its verdicts, and the list's verdict per target.
    pub tools: ToolTable,
}

/// Replays a transcript (a JSON array of entries, or JSON Lines) and returns the session state
/// and the findings. Text that is not JSON gives one `JsonError` diagnostic and no tasks.
pub fn replay_session(transcript_text: &str) -> SessionReport {
    replay_session_with(transcript_text, SessionOptions::default())
}

/// [`replay_session`] judging the tools with `options` (the compatibility targets, the server's
/// name).
pub fn replay_session_with(transcript_text: &str, options: SessionOptions) -> SessionReport {
    let transcript = match read_transcript(transcript_text) {
        Ok(transcript) => transcript,
        Err(error) => {
            let diagnostics = vec![error.to_diagnostic(&LineIndex::new(transcript_text))];
            return SessionReport {
                diagnostics,
                ..SessionReport::default()
            };
        }
    };
    // The transcript's reader warnings cover every message's: a message's own are not repeated.
    let mut diagnostics = transcript.doc.warnings.clone();
    diagnostics.extend(transcript.diagnostics.iter().cloned());
    let mut session = Session::with_options(options);
    let mut placed = Vec::with_capacity(transcript.entries.len());
    let mut findings = Vec::new();
    for (index, entry) in transcript.entries.iter().enumerate() {
        if entry.stdout {
            continue; // not a message: transcript.rs reported the line (stdout-not-json)
        }
        let Some(node) = transcript.doc.pointer(&entry.pointer) else {
            continue;
        };
        let (start, end) = (node.range.start, node.range.end);
        let Some(text) = transcript_text.get(start..end) else {
            continue;
        };
        placed.push(Placed {
            entry: index,
            pointer: entry.pointer.clone(),
            offset: start,
        });
        let pushed = push_kind(entry);
        match parse(text, ReadOptions::default()) {
            Ok(doc) => findings.extend(session.push_parsed(&doc, &pushed, entry.time)),
            Err(_) => findings.extend(session.push_entry(text, &pushed, entry.time)),
        }
    }
    findings.extend(session.finish_findings());
    let mapper = Mapper {
        doc: &transcript.doc,
        placed: &placed,
    };
    // With the header findings of requests sent over HTTP (http.rs), in entry order.
    let entry_of = |f: &Finding| placed.get(f.message_index).map(|p| p.entry);
    let mapped = findings
        .into_iter()
        .map(|f| (entry_of(&f), mapper.finding(f)));
    let sent = placed.iter().map(|p| (p.entry, p.pointer.as_str()));
    let params = |tool: &str| session.header_params(tool);
    diagnostics.extend(super::http::with_header_findings(
        &transcript.doc,
        sent,
        mapped,
        &params,
    ));
    let tasks = session
        .state()
        .into_iter()
        .map(|(id, mut task)| {
            for entry in &mut task.history {
                if let Some(place) = placed.get(entry.message_index) {
                    entry.span = entry.span.map(|s| mapper.shift(s, place.offset));
                    entry.message_index = place.entry;
                }
            }
            (id, task)
        })
        .collect();
    SessionReport {
        tasks,
        diagnostics,
        tools: session.tools().clone(),
    }
}

/// The push a transcript entry is.
fn push_kind(entry: &transcript::Entry) -> Entry {
    if entry.to_model {
        Entry::ToModel {
            task_id: entry.task_id.clone(),
        }
    } else {
        Entry::Message(entry.direction)
    }
}

/// Where a pushed message sits in the transcript.
struct Placed {
    /// Its entry index.
    entry: usize,
    /// Pointer to the message in the transcript document.
    pointer: String,
    /// Byte offset of its text in the transcript text.
    offset: usize,
}

/// Moves findings from their messages' texts into the transcript's.
struct Mapper<'m, 'a> {
    /// The transcript.
    doc: &'m Document<'a>,
    /// Every push, by push number.
    placed: &'m [Placed],
}

impl Mapper<'_, '_> {
    /// A finding with its pointers and spans in the transcript.
    fn finding(&self, finding: Finding) -> Diagnostic {
        let Some(place) = self.placed.get(finding.message_index) else {
            return finding.diagnostic;
        };
        if finding.whole_entry {
            let pointer = format!("/{}", place.entry);
            let span = self.doc.span_at(&pointer);
            return finding.diagnostic.at_pointer(pointer).with_span(span);
        }
        let schema = self.placed.get(
            finding
                .schema_message_index
                .unwrap_or(finding.message_index),
        );
        self.diagnostic(finding.diagnostic, place, schema)
    }

    /// `diagnostic` (and its children) about the message at `place`, its schema spans in the
    /// message at `schema`.
    fn diagnostic(
        &self,
        mut diagnostic: Diagnostic,
        place: &Placed,
        schema: Option<&Placed>,
    ) -> Diagnostic {
        diagnostic.instance_path = format!("{}{}", place.pointer, diagnostic.instance_path);
        diagnostic.span = diagnostic.span.map(|s| self.shift(s, place.offset));
        if let Some(fix) = &mut diagnostic.fix {
            fix.span = self.shift(fix.span, place.offset);
        }
        if let (Some(schema), Some(span)) = (schema, diagnostic.schema_span) {
            diagnostic.schema_span = Some(self.shift(span, schema.offset));
            if let Some(location) = &mut diagnostic.keyword_location {
                *location = format!("{}{location}", schema.pointer);
            }
        }
        diagnostic.children = std::mem::take(&mut diagnostic.children)
            .into_iter()
            .map(|child| self.diagnostic(child, place, schema))
            .collect();
        diagnostic
    }

    /// `span` moved `by` bytes into the transcript.
    fn shift(&self, span: Span, by: usize) -> Span {
        let bytes = ByteRange::new(
            span.bytes.start.saturating_add(by),
            span.bytes.end.saturating_add(by),
        );
        self.doc.index.span(bytes)
    }
}
