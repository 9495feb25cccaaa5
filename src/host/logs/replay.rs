//! Replaying a log as a session: each message pushed as it is read, every finding moved back to
//! its line and column in the pasted text.

use super::entry::{ContextLine, MAX_LOG_BYTES};
use super::formats::LogFormat;
use super::found::{Found, Placed};
use super::model::{LogOptions, LogReport};
use super::read::{entry_array, read_as};

use crate::diagnostic::{Diagnostic, LineIndex};
use crate::host::session::{
    link_rows, replay_transcript, Counts, Finding, Progress, Pushes, SequenceEntry, SessionReport,
    Step, StepKind,
};

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
/// pushed into the session as it is read (a HAR's requests with their HTTP headers, which the
/// header checks read); a transcript is replayed as it is
/// ([`crate::host::session::replay_session_with`]).
pub fn replay_log_with(text: &str, options: LogOptions) -> LogReport {
    replay_log_reporting(text, options, Progress::default())
}

/// [`replay_log_with`] telling `progress` how far it has read: the offset of each message
/// pushed, as it is read (a HAR's while the HAR is read), then done.
pub fn replay_log_reporting(text: &str, options: LogOptions, mut progress: Progress) -> LogReport {
    let guessed = options.format.unwrap_or_else(|| LogFormat::sniff(text));
    if text.len() <= MAX_LOG_BYTES && guessed == LogFormat::TRANSCRIPT {
        // Text that does not read as a transcript is read as JSON Lines among other lines,
        // unless the format was forced or the text is one JSON array.
        let forced = options.format.is_some() || entry_array(text);
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
                format: Some(LogFormat::TRANSCRIPT),
                detected: LogFormat::TRANSCRIPT.row().label.to_owned(),
                counts: report.counts,
                protocol: report.protocol,
                sequence: report.sequence,
                tasks: report.tasks,
                tools: report.tools,
                diagnostics: report.diagnostics,
            };
        }
    }
    let format = if guessed == LogFormat::TRANSCRIPT && options.format.is_none() {
        LogFormat::JSONL
    } else {
        guessed
    };
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
    let mut tasks = session
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
    let mut sequence = sequence_of(steps, &placed, std::mem::take(&mut found.context));
    link_rows(&mut sequence, &mut tasks, &diagnostics);
    LogReport {
        format: Some(format),
        detected: found
            .detected
            .unwrap_or_else(|| format.row().label.to_owned()),
        counts: Counts::of(&sequence),
        sequence,
        tasks,
        protocol: session.protocol(),
        tools: session.tools().clone(),
        diagnostics,
    }
}

/// A finding about a message read from the log, its spans moved to the text through the
/// message's map (the whole message when it is about the whole entry: `never-terminal`, a HAR
/// request's headers); a fix only where the message is the text as it is.
fn place_finding(finding: Finding, placed: &[Placed], index: &LineIndex<'_>) -> Diagnostic {
    let Some(place) = placed.get(finding.message_index) else {
        return finding.diagnostic;
    };
    let mut diagnostic = finding.diagnostic;
    if finding.whole_entry {
        // About the entry (the message and its envelope): pointers as in a transcript, `/<number>…`.
        diagnostic.instance_path = format!("/{}{}", place.number, diagnostic.instance_path);
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
        rows.push(SequenceEntry::new(Some(number), Some(place.span), step));
    }
    rows.extend(context.map(context_row));
    rows
}

/// A context line as a row of the sequence.
fn context_row(line: ContextLine) -> SequenceEntry {
    let mut step = Step::new(StepKind::Context, None);
    step.detail = match &line.level {
        Some(level) => format!("[{level}] {}", line.text()),
        None => line.text().to_owned(),
    };
    SequenceEntry::new(None, Some(line.span), step)
}
