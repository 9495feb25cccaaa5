//! What the readers collect from a log: its messages (each parsed once, pushed into the
//! session when replaying), context lines and findings ([`Found`]).

use super::entry::{ContextLine, Http, LogEntry, MAX_SKIPPED_REPORTED};
use super::map::SourceMap;

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, Placement, Span};
use crate::host::session::{Direction, Entry, Progress, Pushes};
use crate::json::tree::MAX_TREE_DEPTH;
use crate::json::{parse, Document, JsonError, ReadOptions, Reader};

/// What a reader collects: the messages (kept for [`read_log`], or pushed into the session as
/// they are read for [`replay_log`]), the context lines and the findings.
pub(super) struct Found<'t> {
    /// The pasted text.
    pub(super) text: &'t str,
    /// Its line index.
    pub(super) index: &'t LineIndex<'t>,
    /// The messages so far (when reading).
    pub(super) entries: Vec<LogEntry>,
    /// The session the messages go to (when replaying).
    pub(super) pushes: Option<Pushes>,
    /// Where each message pushed sits (when replaying).
    pub(super) placed: Vec<Placed>,
    /// The lines kept as context.
    pub(super) context: Vec<ContextLine>,
    /// What the reader saw, when it says more than the format's name.
    pub(super) detected: Option<String>,
    /// The readers' findings.
    pub(super) diagnostics: Vec<Diagnostic>,
    /// Lines skipped so far (the first [`MAX_SKIPPED_REPORTED`] are reported).
    pub(super) skipped: usize,
    /// Told the offset of each message read.
    pub(super) progress: Progress,
}

impl<'t> Found<'t> {
    /// A reader of `text`, replaying into `pushes` when given.
    pub(super) fn new(text: &'t str, index: &'t LineIndex<'t>, pushes: Option<Pushes>) -> Self {
        Self {
            text,
            index,
            entries: Vec::new(),
            pushes,
            placed: Vec::new(),
            context: Vec::new(),
            detected: None,
            diagnostics: Vec::new(),
            skipped: 0,
            progress: Progress::default(),
        }
    }

    /// The findings completed: how many skipped lines were not listed, `log-empty`.
    pub(super) fn done(mut self) -> Self {
        self.progress.done();
        if self.skipped > MAX_SKIPPED_REPORTED {
            self.diagnostics.push(Diagnostic::info(
                "log-line-skipped",
                format!(
                    "{} more lines that are no message were skipped",
                    self.skipped - MAX_SKIPPED_REPORTED
                ),
            ));
        }
        let none = self.entries.is_empty() && self.placed.is_empty();
        let said = |d: &Diagnostic| d.is_error() || d.code == "log-empty";
        if none && !self.diagnostics.iter().any(said) {
            self.diagnostics.push(Diagnostic::warning(
                "log-empty",
                "no JSON-RPC message found in the log",
            ));
        }
        self
    }

    /// A message extracted as `message` with its source map: parsed and pushed when replaying,
    /// else checked (without building its tree) and kept; a `log-not-json` warning at the place
    /// it fails.
    pub(super) fn message(
        &mut self,
        message: String,
        map: SourceMap,
        direction: Option<Direction>,
        time_ms: Option<i64>,
        http: Option<Http>,
    ) {
        let read = if self.pushes.is_some() {
            parse(&message, ReadOptions::default()).map(Some)
        } else {
            let options = ReadOptions::default();
            let options = ReadOptions {
                max_depth: options.max_depth.min(MAX_TREE_DEPTH),
                ..options
            };
            Reader::new(&message, options).check_all().map(|_| None)
        };
        match read {
            Ok(Some(doc)) => self.parsed(&doc, map, direction, time_ms, http),
            Ok(None) => self.keep(message, map, direction, time_ms, http),
            Err(error) => {
                let at = map.offset(error.byte_offset);
                self.diagnostics.push(
                    Diagnostic::warning(
                        "log-not-json",
                        format!("this message is not JSON ({}); skipped", error.message),
                    )
                    .with_span(Some(self.index.span(ByteRange::new(at, at)))),
                );
            }
        }
    }

    /// A message taken out of a JSON value its reader checked whole (a JSON Lines envelope): as
    /// [`Found::message`], without checking it again when reading.
    pub(super) fn checked(
        &mut self,
        message: String,
        map: SourceMap,
        direction: Option<Direction>,
        time_ms: Option<i64>,
        http: Option<Http>,
    ) {
        if self.pushes.is_some() {
            self.message(message, map, direction, time_ms, http);
        } else {
            self.keep(message, map, direction, time_ms, http);
        }
    }

    /// The message at `range` of `text` (which starts at byte `base` of the log), taken out of a
    /// JSON value its reader checked whole: [`Found::checked`] with the verbatim source map.
    pub(super) fn checked_at(
        &mut self,
        text: &str,
        base: usize,
        range: ByteRange,
        direction: Option<Direction>,
        time_ms: Option<i64>,
    ) {
        let message = text.get(range.start..range.end).unwrap_or_default();
        let map = SourceMap::verbatim(base + range.start, range.end - range.start);
        self.checked(message.to_owned(), map, direction, time_ms, None);
    }

    /// A message known to be JSON kept as an entry (when reading).
    fn keep(
        &mut self,
        message: String,
        map: SourceMap,
        direction: Option<Direction>,
        time_ms: Option<i64>,
        http: Option<Http>,
    ) {
        let span = self.span_of(&map, message.len());
        self.entries.push(LogEntry {
            direction,
            time_ms,
            message,
            http,
            span,
            map,
        });
    }

    /// A message already parsed (`doc`, over the message's text) with its source map: pushed
    /// into the session when replaying (a client's with its `http` request: its headers checked
    /// too), else kept.
    pub(super) fn parsed(
        &mut self,
        doc: &Document<'_>,
        map: SourceMap,
        direction: Option<Direction>,
        time_ms: Option<i64>,
        http: Option<Http>,
    ) {
        if self.pushes.is_none() {
            // Reading (a cassette's messages come parsed): kept as `message` keeps it.
            return self.message(doc.text.to_owned(), map, direction, time_ms, http);
        }
        let span = self.span_of(&map, doc.text.len());
        if let Some(pushes) = &mut self.pushes {
            // Its reader warnings (a duplicate key) at their places in the text.
            let place = Placed {
                number: self.placed.len(),
                span,
                map,
            };
            for warning in &doc.warnings {
                self.diagnostics
                    .push(place.diagnostic(warning.clone(), None, self.index));
            }
            match (direction, http) {
                // A request sent over HTTP: its headers checked against it too (its envelope's
                // tree at the message's place).
                (Some(Direction::Client), Some(http)) => {
                    let envelope = http.envelope(span.bytes);
                    pushes.push_sent(doc, &envelope, self.index, time_ms);
                }
                _ => pushes.push(doc, &Entry::Message(direction), time_ms),
            }
            self.placed.push(place);
        }
    }

    /// Everything found so far forgotten, the session (when replaying) started again empty; the
    /// progress told stays told. For a HAR whose later member replaces what was read, or that
    /// turns out not to parse.
    pub(super) fn restart(&mut self) {
        self.entries.clear();
        self.placed.clear();
        self.context.clear();
        self.diagnostics.clear();
        self.skipped = 0;
        if let Some(pushes) = &mut self.pushes {
            pushes.restart();
        }
    }

    /// The span in the text of a message of `len` bytes through its `map`; the progress told.
    pub(super) fn span_of(&mut self, map: &SourceMap, len: usize) -> Span {
        let start = map.offset(0);
        let end = map.offset(len).max(start);
        self.progress.at(start);
        self.index.span(ByteRange::new(start, end))
    }

    /// A whole-text format (a HAR, an export) that does not parse: `code` at the error's place.
    pub(super) fn unparsable(&mut self, code: &str, what: &str, error: &JsonError) {
        let at = error.byte_offset;
        self.diagnostics.push(
            Diagnostic::error(
                code,
                format!(
                    "{what} does not parse at line {}, column {} ({}): is it cut short?",
                    error.line, error.column, error.message
                ),
            )
            .with_span(Some(self.index.span(ByteRange::new(at, at)))),
        );
    }

    /// A line (at byte `line_start`) without its log's prefix: the continuation of the context
    /// row just before it (a stack trace, a logged object over several lines), else a context
    /// row of its own.
    pub(super) fn continue_context(&mut self, line_start: usize, body: &str) {
        let end = line_start + body.trim_end().len();
        let text = self.text;
        let follows = |last: &ContextLine| {
            text.get(last.span.bytes.end..line_start)
                .is_some_and(|gap| gap.trim().is_empty())
        };
        match self.context.last() {
            Some(last) if follows(last) => {
                let start = last.span.bytes.start;
                let span = self.index.span(ByteRange::new(start, end));
                if let Some(last) = self.context.last_mut() {
                    last.extend(text.get(start..end).unwrap_or_default(), span);
                }
            }
            _ => {
                let span = self.index.span(ByteRange::new(line_start, end));
                self.context
                    .push(ContextLine::new(None, body.trim_end(), span));
            }
        }
    }

    /// The text of a prefixed line (from byte `start`, at `level`) as a context row.
    pub(super) fn context_line(&mut self, level: Option<&str>, start: usize, line: &str) {
        let line = line.trim_end();
        let span = self.index.span(ByteRange::new(start, start + line.len()));
        self.context
            .push(ContextLine::new(level.map(str::to_owned), line, span));
    }

    /// A log whose message lines hold no message bodies: `log-empty` saying so and why (instead
    /// of the bare one).
    pub(super) fn no_bodies(&mut self, why: &str) {
        self.diagnostics
            .push(Diagnostic::warning("log-empty", why.to_owned()));
    }

    /// A line (bytes `start..end`) that is no message: `log-line-skipped`.
    pub(super) fn skip(&mut self, start: usize, end: usize, why: &str) {
        self.skipped += 1;
        if self.skipped <= MAX_SKIPPED_REPORTED {
            self.diagnostics.push(
                Diagnostic::info("log-line-skipped", format!("{why}; skipped"))
                    .with_span(Some(self.index.span(ByteRange::new(start, end)))),
            );
        }
    }
}

/// Where a message read from the log sits: its number, its span and its map to the text.
pub(super) struct Placed {
    /// Its number among the messages (pointers are `/<number>/message/…`, as in a transcript).
    pub(super) number: usize,
    /// Its span in the text.
    pub(super) span: Span,
    /// Its source map.
    pub(super) map: SourceMap,
}

impl Placed {
    /// `span` (in the message) in the text.
    pub(super) fn span_of(&self, span: Span, index: &LineIndex<'_>) -> Span {
        let from = self.map.offset(span.bytes.start);
        let to = self
            .map
            .offset(span.bytes.end.max(span.bytes.start))
            .max(from);
        index.span(ByteRange::new(from, to))
    }

    /// `diagnostic` (and its children) moved into the text ([`Diagnostic::moved`]): its spans
    /// through its message's map, its schema spans through `schema`'s, its pointers as in the
    /// transcript of the messages (`/<number>/message…`).
    pub(super) fn diagnostic(
        &self,
        diagnostic: Diagnostic,
        schema: Option<&Placed>,
        index: &LineIndex<'_>,
    ) -> Diagnostic {
        let in_text = |placed| InText { placed, index };
        diagnostic.moved(&in_text(self), schema.map(in_text).as_ref())
    }
}

/// Where a message read from the log stands in the text: its [`Placed`] and the text's lines.
struct InText<'p, 'i> {
    /// The message's place.
    placed: &'p Placed,
    /// The text's line index.
    index: &'p LineIndex<'i>,
}

impl Placement for InText<'_, '_> {
    fn span(&self, span: Span) -> Span {
        self.placed.span_of(span, self.index)
    }

    fn pointer(&self, pointer: &str) -> String {
        format!("/{}/message{pointer}", self.placed.number)
    }

    /// A fix only where the message is the text as it is (no escape decoded).
    fn keeps_fixes(&self) -> bool {
        self.placed.map.is_verbatim()
    }
}
