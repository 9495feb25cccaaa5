//! Replaying a log as a session: each message pushed as it is read, every finding moved back to
//! its line and column in the pasted text.

use super::found::{Found, Placed};
use super::model::{ContextLine, LogEntry, LogFormat, LogOptions, LogReport, MAX_LOG_BYTES};
use super::read::{format_words, read_as, read_log, shape_of};

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, Span};
use crate::host::session::{
    replay_transcript, Counts, Direction, Finding, Progress, Pushes, SequenceEntry, SessionOptions,
    SessionReport, Step, StepKind,
};
use crate::host::time::format_rfc3339;
use crate::json::string::write_json_string;

/// Replays the messages of `text` in `format` (detected when `None`) as a session; every span
/// points into `text`.
pub fn replay_log(text: &str, format: Option<LogFormat>) -> LogReport {
    replay_log_with(
        text,
        LogOptions {
            format,
            ..LogOptions::default()
        },
    )
}

/// [`replay_log`] with the session's options. Each message is parsed once, by its reader, and
/// pushed into the session as it is read; a transcript is replayed as it is
/// ([`crate::host::session::replay_session_with`]); a HAR through a transcript of its messages in
/// envelopes that keep each request's HTTP headers (the header checks read them).
pub fn replay_log_with(text: &str, options: LogOptions) -> LogReport {
    replay_log_reporting(text, options, Progress::default())
}

/// [`replay_log_with`] telling `progress` how far it has read: the offset of each message
/// pushed (a HAR's in the HAR's text, not in the transcript made of it), then done.
pub fn replay_log_reporting(text: &str, options: LogOptions, mut progress: Progress) -> LogReport {
    let guessed = options.format.unwrap_or_else(|| shape_of(text));
    if text.len() <= MAX_LOG_BYTES && guessed == LogFormat::Transcript {
        // Text that does not read as a transcript is read as JSON Lines among other lines,
        // unless the format was forced or the text is one JSON array.
        let forced = options.format.is_some() || text.trim_start().starts_with('[');
        let report = match replay_transcript(text, options.session.clone(), &mut progress) {
            Ok(report) => Some(report),
            Err(error) if forced => Some(SessionReport {
                diagnostics: vec![error.diagnostic()],
                ..SessionReport::default()
            }),
            Err(_) => None,
        };
        if let Some(report) = report {
            return LogReport {
                format: Some(LogFormat::Transcript),
                detected: format_words(LogFormat::Transcript).to_owned(),
                counts: report.counts,
                sequence: report.sequence,
                tasks: report.tasks,
                tools: report.tools,
                diagnostics: report.diagnostics,
            };
        }
    }
    let format = match guessed {
        LogFormat::Transcript if options.format.is_none() => LogFormat::Jsonl,
        other => other,
    };
    if format == LogFormat::Har {
        let report = replay_har(text, options.session, &mut progress);
        progress.done();
        return report;
    }
    let index = LineIndex::new(text);
    let mut found = Found::new(text, &index, Some(Pushes::new(options.session)));
    found.progress = progress;
    let format = read_as(&mut found, format, true);
    let mut found = found.done();
    let Some(pushes) = found.pushes.take() else {
        return LogReport::default();
    };
    let (session, findings, steps) = pushes.finish();
    let placed = std::mem::take(&mut found.placed);
    let mut diagnostics = std::mem::take(&mut found.diagnostics);
    diagnostics.extend(
        findings
            .into_iter()
            .map(|f| place_finding(f, &placed, &index)),
    );
    let tasks = session
        .state()
        .into_iter()
        .map(|(id, mut task)| {
            for step in &mut task.history {
                step.span = step
                    .span
                    .zip(placed.get(step.message_index))
                    .map(|(s, p)| p.span_of(s, &index));
            }
            (id, task)
        })
        .collect();
    let sequence = sequence_of(steps, &placed, std::mem::take(&mut found.context));
    LogReport {
        format: Some(format),
        detected: found
            .detected
            .unwrap_or_else(|| format_words(format).to_owned()),
        counts: Counts::of(&sequence),
        sequence,
        tasks,
        tools: session.tools().clone(),
        diagnostics,
    }
}

/// A finding about a message read from the log, its spans moved to the text through the
/// message's map (the whole message when it covers the whole entry); a fix only where the
/// message is the text as it is.
fn place_finding(finding: Finding, placed: &[Placed], index: &LineIndex<'_>) -> Diagnostic {
    let Some(place) = placed.get(finding.message_index) else {
        return finding.diagnostic;
    };
    let mut diagnostic = finding.diagnostic;
    if finding.whole_entry {
        diagnostic.span = Some(place.span);
        return diagnostic;
    }
    let schema = placed.get(
        finding
            .schema_message_index
            .unwrap_or(finding.message_index),
    );
    place.diagnostic(diagnostic, schema, index)
}

/// The rows of a replayed log: each message's step at its span, and the context lines between
/// them, in the order of the text; each answer's `answers` moved from push numbers to rows.
fn sequence_of(
    steps: Vec<Step>,
    placed: &[Placed],
    context: Vec<ContextLine>,
) -> Vec<SequenceEntry> {
    let mut rows = Vec::with_capacity(steps.len() + context.len());
    let mut row_of = Vec::with_capacity(steps.len());
    let mut context = context.into_iter().peekable();
    for (number, (mut step, place)) in steps.into_iter().zip(placed).enumerate() {
        while let Some(line) = context.next_if(|c| c.span.bytes.start < place.span.bytes.start) {
            rows.push(context_row(line));
        }
        step.answers = step.answers.and_then(|a| row_of.get(a).copied());
        row_of.push(rows.len());
        rows.push(SequenceEntry {
            index: Some(number),
            span: Some(place.span),
            step,
        });
    }
    rows.extend(context.map(context_row));
    rows
}

/// A context line as a row of the sequence.
fn context_row(line: ContextLine) -> SequenceEntry {
    let mut step = Step::new(StepKind::Context, None);
    step.detail = match line.level {
        Some(level) => format!("[{level}] {}", line.text),
        None => line.text,
    };
    SequenceEntry {
        index: None,
        span: Some(line.span),
        step,
    }
}

/// A HAR replayed through a transcript of its messages in envelopes with their `http` requests;
/// `progress` told each message's offset in the HAR as it is pushed.
fn replay_har(text: &str, options: SessionOptions, progress: &mut Progress) -> LogReport {
    let mut log = read_log(text, Some(LogFormat::Har));
    if log.diagnostics.iter().any(Diagnostic::is_error) || text.len() > MAX_LOG_BYTES {
        return LogReport {
            format: Some(LogFormat::Har),
            detected: log.detected,
            diagnostics: log.diagnostics,
            ..LogReport::default()
        };
    }
    let (transcript, placed) = transcript_of(&log.entries);
    // An offset in the transcript told as its entry's first byte in the HAR.
    let envelopes = placed.clone();
    let starts: Vec<usize> = log.entries.iter().map(|e| e.span.bytes.start).collect();
    progress.told_in(Box::new(move |at| {
        entry_at(&envelopes, at)
            .and_then(|i| starts.get(i))
            .map_or(0, |&start| start)
    }));
    let report =
        replay_transcript(&transcript, options, progress).unwrap_or_else(|error| SessionReport {
            diagnostics: vec![error.diagnostic()],
            ..SessionReport::default()
        });
    let index = LineIndex::new(text);
    let back = Back {
        placed: &placed,
        entries: &log.entries,
        index: &index,
    };
    let mut diagnostics = std::mem::take(&mut log.diagnostics);
    diagnostics.extend(report.diagnostics.into_iter().map(|d| back.diagnostic(d)));
    let tasks = report
        .tasks
        .into_iter()
        .map(|(id, mut task)| {
            for step in &mut task.history {
                step.span = step.span.and_then(|s| back.span(s));
            }
            (id, task)
        })
        .collect();
    let sequence = report
        .sequence
        .into_iter()
        .map(|mut row| {
            row.span = row.index.and_then(|i| log.entries.get(i)).map(|e| e.span);
            row
        })
        .collect();
    LogReport {
        format: Some(LogFormat::Har),
        detected: log.detected,
        counts: report.counts,
        sequence,
        tasks,
        tools: report.tools,
        diagnostics,
    }
}

/// Where an entry sits in the generated transcript of a HAR.
#[derive(Clone)]
pub(super) struct InTranscript {
    /// Its envelope's first byte.
    pub(super) envelope: usize,
    /// Its message's first byte.
    pub(super) message: usize,
}

/// The transcript of `entries`: a JSON array of envelopes, each message's text as it is.
pub(super) fn transcript_of(entries: &[LogEntry]) -> (String, Vec<InTranscript>) {
    let mut out = String::from("[\n");
    let mut placed = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        let envelope = out.len();
        out.push('{');
        if let Some(ms) = entry.time_ms {
            out.push_str("\"timestamp\": ");
            write_json_string(&mut out, &format_rfc3339(ms), false);
            out.push_str(", ");
        }
        if let Some(direction) = entry.direction {
            out.push_str("\"direction\": ");
            out.push_str(match direction {
                Direction::Client => "\"client\", ",
                Direction::Server => "\"server\", ",
            });
        }
        if let Some(http) = &entry.http {
            out.push_str("\"http\": ");
            out.push_str(&serde_json::to_string(http).unwrap_or_else(|_| "null".into()));
            out.push_str(", ");
        }
        out.push_str("\"message\": ");
        let message = out.len();
        out.push_str(&entry.message);
        out.push('}');
        placed.push(InTranscript { envelope, message });
    }
    out.push_str("\n]\n");
    (out, placed)
}

/// The entry whose envelope a transcript byte offset falls in (`placed` in transcript order).
fn entry_at(placed: &[InTranscript], at: usize) -> Option<usize> {
    placed.partition_point(|p| p.envelope <= at).checked_sub(1)
}

/// Moves spans from the generated transcript back to the pasted text.
struct Back<'b> {
    /// Where each entry sits in the transcript.
    placed: &'b [InTranscript],
    /// The entries.
    entries: &'b [LogEntry],
    /// The pasted text's line index.
    index: &'b LineIndex<'b>,
}

impl Back<'_> {
    /// The entry a transcript byte offset falls in.
    fn entry_at(&self, at: usize) -> Option<usize> {
        entry_at(self.placed, at)
    }

    /// `span` (in the transcript) in the pasted text: through the message's map when it lies in
    /// one message, the whole message when it lies in its envelope, `None` outside any entry.
    fn span(&self, span: Span) -> Option<Span> {
        let (start, end) = (span.bytes.start, span.bytes.end.max(span.bytes.start));
        let i = self.entry_at(start)?;
        let (place, entry) = (self.placed.get(i)?, self.entries.get(i)?);
        let inside = |at: usize| at >= place.message && at <= place.message + entry.message.len();
        if inside(start) && inside(end) {
            let from = entry.map.offset(start - place.message);
            let to = entry.map.offset(end - place.message).max(from);
            Some(self.index.span(ByteRange::new(from, to)))
        } else {
            Some(entry.span)
        }
    }

    /// `diagnostic` (and its children) with its spans in the pasted text; a fix is kept only
    /// where the message is the pasted text as it is.
    fn diagnostic(&self, mut diagnostic: Diagnostic) -> Diagnostic {
        let entry = diagnostic
            .span
            .and_then(|s| self.entry_at(s.bytes.start))
            .and_then(|i| self.entries.get(i));
        diagnostic.span = diagnostic.span.and_then(|s| self.span(s));
        diagnostic.schema_span = diagnostic.schema_span.and_then(|s| self.span(s));
        diagnostic.fix = diagnostic.fix.take().and_then(|mut fix| {
            entry.filter(|e| e.map.is_verbatim())?;
            fix.span = self.span(fix.span)?;
            Some(fix)
        });
        diagnostic.children = std::mem::take(&mut diagnostic.children)
            .into_iter()
            .map(|child| self.diagnostic(child))
            .collect();
        diagnostic
    }
}
