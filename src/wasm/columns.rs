//! A log's reading and its replay's sequence as columns: what `readLog` and `replayLog` hand to
//! JavaScript instead of one JSON text of every entry and row. The numbers of each entry, context
//! line or row (flags, span, indexes) in one `Uint32Array`, the times in a `Float64Array`, the
//! texts that are no slice of the pasted string in one string with their ends (a row's texts each
//! once), a row's task ids and findings in one more `Uint32Array`, and the rest (format, counts, tasks, tools, findings, HTTP requests) as JSON.
//! `runtime/load/columns.js` lays them out as the plain `Log` and `LogReport` the TypeScript types
//! describe (the same fields, in the same order, as serde writes them). Translation only: the
//! crate decided every value.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::column_layout::*;
use super::conversions::{decode_utf8, to_js};
use crate::diagnostic::{utf16_len, Diagnostic, Span};
use crate::host::logs::{Http, Log, LogFormat, LogReport};
use crate::host::session::{Counts, ProtocolCheck, SequenceEntry, StepKind, ToolTable};
use crate::host::task_state::TaskState;
use crate::host::Direction;

/// A direction's two bits (an entry's flags, a row's sender).
fn direction_code(direction: Option<Direction>) -> u32 {
    match direction {
        None => 0,
        Some(Direction::Client) => CLIENT,
        Some(Direction::Server) => SERVER,
    }
}

/// A time's cell in `times` (ms since the epoch), NaN when none.
fn time_cell(time_ms: Option<i64>) -> f64 {
    time_ms.map_or(f64::NAN, |t| t as f64)
}

/// The senders as serde names them (index 0: client, 1: server).
const DIRECTIONS: [Direction; 2] = [Direction::Client, Direction::Server];

/// What crosses as JSON: all but the entries and context lines.
#[derive(Serialize)]
struct Head<'a> {
    format: LogFormat,
    detected: &'a str,
    diagnostics: &'a [Diagnostic],
    /// The entries' HTTP requests, in order.
    http: Vec<&'a Http>,
    /// The context lines' levels, each once.
    levels: Vec<&'a str>,
    /// The directions' names (flags 1 and 2).
    directions: [Direction; 2],
}

/// What crosses as JSON of a replay: all but the sequence.
#[derive(Serialize)]
struct ReportHead<'a> {
    format: Option<LogFormat>,
    detected: &'a str,
    counts: &'a Counts,
    protocol: &'a ProtocolCheck,
    tasks: &'a BTreeMap<String, TaskState>,
    tools: &'a ToolTable,
    diagnostics: &'a [Diagnostic],
    /// The directions' names (a row's sender, 1 and 2).
    directions: [Direction; 2],
}

/// The columns being filled.
#[derive(Default)]
struct Columns<'a> {
    /// Per entry, then per context line: flags, start, end, line, column, end line, end column.
    cells: Vec<u32>,
    /// Per entry: its time (ms since the epoch), NaN when none.
    times: Vec<f64>,
    /// Per sequence row: the table's indexes of its task ids, then the indexes of its findings.
    lists: Vec<u32>,
    /// The texts that cross whole, one after the other (UTF-8).
    strings: Vec<u8>,
    /// Where each text of `strings` ends, in UTF-16 units.
    ends: Vec<u32>,
    /// UTF-16 units in `strings` so far.
    units: u32,
    /// The index in the table of each text added once.
    interned: HashMap<&'a str, u32>,
    /// The index in the table of each row kind's name.
    kinds: Vec<(StepKind, u32)>,
}

impl<'a> Columns<'a> {
    /// A row: its flags and span.
    fn row(&mut self, flags: u32, span: &Span) {
        self.cells.push(flags);
        self.push_span(span);
    }

    /// A span's six numbers.
    fn push_span(&mut self, span: &Span) {
        let numbers = [
            span.start,
            span.end,
            span.line,
            span.column,
            span.end_line,
            span.end_column,
        ];
        self.cells.extend(numbers.map(|n| n as u32));
    }

    /// `text` added to the table.
    fn string(&mut self, text: &str) {
        self.strings.extend_from_slice(text.as_bytes());
        self.units += utf16_len(text.as_bytes()) as u32;
        self.ends.push(self.units);
    }

    /// The index in the table of `text`, added the first time.
    fn interned(&mut self, text: &'a str) -> u32 {
        if let Some(&at) = self.interned.get(text) {
            return at;
        }
        let at = self.ends.len() as u32;
        self.string(text);
        self.interned.insert(text, at);
        at
    }

    /// The index in the table of the name serde gives `kind`, added the first time.
    fn kind(&mut self, kind: StepKind) -> Result<u32, JsValue> {
        if let Some(&(_, at)) = self.kinds.iter().find(|(k, _)| *k == kind) {
            return Ok(at);
        }
        let name =
            serde_json::to_value(kind).map_err(|e| JsValue::from(JsError::new(&e.to_string())))?;
        let at = self.ends.len() as u32;
        self.string(name.as_str().unwrap_or_default());
        self.kinds.push((kind, at));
        Ok(at)
    }

    /// A sequence's row.
    fn sequence_row(&mut self, row: &'a SequenceEntry) -> Result<(), JsValue> {
        let step = &row.step;
        let mut flags = direction_code(step.from) << ROW_FROM_SHIFT;
        for (present, flag) in [
            (row.index.is_some(), ROW_INDEX),
            (row.span.is_some(), ROW_SPAN),
            (step.method.is_some(), ROW_METHOD),
            (step.answers.is_some(), ROW_ANSWERS),
            (step.task_id.is_some(), ROW_TASK),
            (step.status.is_some(), ROW_STATUS),
            (step.time_ms.is_some(), ROW_TIME),
        ] {
            if present {
                flags |= flag;
            }
        }
        let kind = self.kind(step.kind)?;
        let mut text = |value: &'a Option<String>| value.as_deref().map_or(0, |v| self.interned(v));
        let texts = [
            kind,
            text(&step.method),
            text(&step.task_id),
            text(&step.status),
            self.interned(&step.detail),
        ];
        let index = row.index.unwrap_or(0) as u32;
        let answers = step.answers.unwrap_or(0) as u32;
        self.cells.extend([flags, index, answers]);
        self.push_span(&row.span.unwrap_or_default());
        self.cells.extend(texts);
        self.cells
            .extend([row.task_ids.len() as u32, row.findings.len() as u32]);
        for id in &row.task_ids {
            let at = self.interned(id);
            self.lists.push(at);
        }
        self.lists.extend(row.findings.iter().map(|&f| f as u32));
        self.times.push(time_cell(step.time_ms));
        Ok(())
    }

    /// The columns as a JavaScript object, with `head` (JSON) beside them.
    fn into_js(self, head: &JsValue) -> Result<JsValue, JsValue> {
        let object = js_sys::Object::new();
        let set = |key: &str, value: &JsValue| js_sys::Reflect::set(&object, &key.into(), value);
        set("head", head)?;
        set("cells", &js_sys::Uint32Array::from(&self.cells[..]))?;
        set("times", &js_sys::Float64Array::from(&self.times[..]))?;
        set("strings", &decode_utf8(&self.strings))?;
        set("ends", &js_sys::Uint32Array::from(&self.ends[..]))?;
        set("lists", &js_sys::Uint32Array::from(&self.lists[..]))?;
        Ok(object.into())
    }
}

/// `log` (read from `source`) as columns; `sliced` when the pasted text is a JavaScript string
/// the messages can be sliced from (else every text crosses in the table).
pub(crate) fn log_columns(log: &Log, source: &str, sliced: bool) -> Result<JsValue, JsValue> {
    let mut columns = Columns {
        cells: Vec::with_capacity((log.entries.len() + log.context.len()) * CELLS),
        times: Vec::with_capacity(log.entries.len()),
        ..Columns::default()
    };
    let mut http = Vec::new();
    for entry in &log.entries {
        let mut flags = direction_code(entry.direction);
        if entry.time_ms.is_some() {
            flags |= TIMED;
        }
        if !(sliced && entry.map.is_verbatim()) {
            flags |= IN_TABLE;
            columns.string(&entry.message);
        }
        if let Some(request) = &entry.http {
            flags |= WITH_HTTP;
            http.push(request);
        }
        columns.row(flags, &entry.span);
        columns.times.push(time_cell(entry.time_ms));
    }
    let mut levels: Vec<&str> = Vec::new();
    for line in &log.context {
        let mut flags = 0;
        if let Some(level) = &line.level {
            let at = levels.iter().position(|l| l == level).unwrap_or_else(|| {
                levels.push(level);
                levels.len() - 1
            });
            flags |= (at as u32 + 1) << LEVEL_SHIFT;
        }
        let bytes = line.span.bytes;
        if !(sliced && source.get(bytes.start..bytes.end) == Some(line.text())) {
            flags |= IN_TABLE;
            columns.string(line.text());
        }
        columns.row(flags, &line.span);
    }
    let head = Head {
        format: log.format,
        detected: &log.detected,
        diagnostics: &log.diagnostics,
        http,
        levels,
        directions: DIRECTIONS,
    };
    columns.into_js(&to_js(&head)?)
}

/// `report` with its sequence as columns (each text of its rows once in the table).
pub(crate) fn report_columns(report: &LogReport) -> Result<JsValue, JsValue> {
    let mut columns = Columns {
        cells: Vec::with_capacity(report.sequence.len() * ROW_CELLS),
        times: Vec::with_capacity(report.sequence.len()),
        ..Columns::default()
    };
    for row in &report.sequence {
        columns.sequence_row(row)?;
    }
    let head = ReportHead {
        format: report.format,
        detected: &report.detected,
        counts: &report.counts,
        protocol: &report.protocol,
        tasks: &report.tasks,
        tools: &report.tools,
        diagnostics: &report.diagnostics,
        directions: DIRECTIONS,
    };
    columns.into_js(&to_js(&head)?)
}
