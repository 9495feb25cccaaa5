//! The one diagnostic type every feature reports with, and the text positions it points at.
//!
//! Rust code works with byte offsets ([`ByteRange`]); what leaves the crate is a [`Span`], which
//! carries both the byte range and the UTF-16 positions that JavaScript strings and editors use.
//! [`LineIndex`] converts one into the other. A finding moves from the text it was found in into
//! a text that holds it (a message in a transcript) by [`Diagnostic::moved`] through a
//! [`Placement`].

use serde::Serialize;

pub mod codes;
mod placement;

pub use placement::{Placement, Verbatim};

/// A half-open byte range `start..end` into a UTF-8 text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByteRange {
    /// First byte of the range.
    pub start: usize,
    /// One past the last byte of the range.
    pub end: usize,
}

impl ByteRange {
    /// The range `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        Self { start, end }
    }
}

/// A located range of text, as shown to users.
///
/// `start`/`end` are UTF-16 code unit offsets, `line`/`column`/`end_line`/`end_column` are 1-based
/// and count UTF-16 code units, exactly what a JavaScript string or editor uses. The byte range is
/// kept for Rust callers and is not serialized.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Span {
    /// UTF-16 offset of the first code unit.
    pub start: usize,
    /// UTF-16 offset one past the last code unit.
    pub end: usize,
    /// 1-based line of `start`.
    pub line: usize,
    /// 1-based UTF-16 column of `start`.
    pub column: usize,
    /// 1-based line of `end`.
    pub end_line: usize,
    /// 1-based UTF-16 column of `end`.
    pub end_column: usize,
    /// The same range in bytes of the UTF-8 text.
    #[serde(skip)]
    pub bytes: ByteRange,
}

/// How serious a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The input is wrong.
    Error,
    /// The input is accepted but probably not what was meant.
    Warning,
    /// A neutral fact about the input.
    Info,
}

/// One finding about an input text: what is wrong, where in the instance, which schema keyword
/// said so, and where both sit in their texts.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// A stable machine-readable code, e.g. `duplicate-key`, `minimum`, `unresolved-ref`.
    pub code: String,
    /// A plain-English sentence.
    pub message: String,
    /// JSON Pointer to the offending value (`""` for the root).
    pub instance_path: String,
    /// JSON Pointer to the schema keyword that failed, where a schema is involved.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub keyword_location: Option<String>,
    /// Where the offending value sits in the instance text.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub span: Option<Span>,
    /// Where the failing keyword sits in the schema text.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub schema_span: Option<Span>,
    /// Related findings grouped under this one (e.g. the other `anyOf` branches).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub children: Vec<Diagnostic>,
    /// A replacement that fixes the finding, when there is exactly one obvious fix.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub fix: Option<Fix>,
    /// The tool the finding concerns (a session's findings on a `tools/list`, a `tools/call`, a
    /// result or a compatibility verdict), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub tool: Option<Box<ToolRef>>,
}

/// The tool a [`Diagnostic`] concerns: its name and a JSON Pointer within its definition (`""`
/// for the tool itself, `/inputSchema/properties/x` for a part of it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ToolRef {
    /// The tool's `name`.
    pub name: String,
    /// JSON Pointer within the tool definition.
    pub pointer: String,
    /// The finding's message with the tool's name as `{tool}` and each quoted value as `{value}`
    /// ([`message_template`]): findings with the same code, severity and template say the same
    /// thing of different tools (the CLI prints one and counts the others).
    pub template: String,
}

/// `message` with `name` (a tool's, where it stands as a word) as `{tool}` and each quoted value
/// (`"…"`, `` `…` ``, and `'…'` not inside a word: an apostrophe is none) as `{value}`.
pub fn message_template(message: &str, name: &str) -> String {
    let named = marked(
        message,
        |text, at| {
            let found = text.get(at..)?.starts_with(name) && !name.is_empty();
            let end = at + name.len();
            (found && !word_before(text, at) && !word_at(text, end)).then_some(end)
        },
        "{tool}",
    );
    marked(
        &named,
        |text, at| {
            let bytes = text.as_bytes();
            let rest = bytes.get(at + 1..)?;
            let after = |quote: u8| rest.iter().position(|&b| b == quote).map(|p| at + 1 + p);
            match bytes.get(at)? {
                b'"' => {
                    let mut end = at + 1;
                    while let Some(&b) = bytes.get(end).filter(|&&b| b != b'"') {
                        end += if b == b'\\' { 2 } else { 1 };
                    }
                    (bytes.get(end) == Some(&b'"')).then_some(end + 1)
                }
                b'`' => after(b'`').map(|end| end + 1),
                b'\'' if !word_before(text, at) => rest
                    .iter()
                    .position(|&b| b == b'\'' || b == b'\n')
                    .map(|p| at + 1 + p)
                    .filter(|&end| bytes.get(end) == Some(&b'\'') && !word_at(text, end + 1))
                    .map(|end| end + 1),
                _ => None,
            }
        },
        "{value}",
    )
}

/// `text` with each part `ends(text, at)` finds at `at` (its end) replaced by `mark`.
fn marked(text: &str, ends: impl Fn(&str, usize) -> Option<usize>, mark: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut at = 0;
    while at < text.len() {
        match ends(text, at) {
            Some(end) => {
                out.push_str(text.get(copied..at).unwrap_or_default());
                out.push_str(mark);
                copied = end;
                at = end;
            }
            None => at += 1,
        }
    }
    out.push_str(text.get(copied..).unwrap_or_default());
    out
}

/// Whether a letter or digit (any non-ASCII byte counts as one) is at byte `at` of `text`.
fn word_at(text: &str, at: usize) -> bool {
    text.as_bytes()
        .get(at)
        .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80)
}

/// Whether a letter or digit ends `text` before byte `at`.
fn word_before(text: &str, at: usize) -> bool {
    at.checked_sub(1)
        .is_some_and(|before| word_at(text, before))
}

/// A text edit that fixes a [`Diagnostic`]: put `replacement` where `span` is.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Fix {
    /// The text to replace.
    pub span: Span,
    /// What to write instead (JSON text, e.g. `"maxLength"` with its quotes).
    pub replacement: String,
}

impl Diagnostic {
    /// A diagnostic with the given severity, code and message and no location yet. A debug build
    /// panics when `code` is not in the registry ([`codes::CODES`], or a consumer's `a/b` rule) or
    /// `severity` is more severe than registered: every code the crate emits is registered there.
    pub fn new(severity: Severity, code: impl Into<String>, message: impl Into<String>) -> Self {
        let code: String = code.into();
        codes::debug_check(&code, severity);
        Self {
            severity,
            code,
            message: message.into(),
            instance_path: String::new(),
            keyword_location: None,
            span: None,
            schema_span: None,
            children: Vec::new(),
            fix: None,
            tool: None,
        }
    }

    /// An error diagnostic.
    pub fn error(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, message)
    }

    /// A warning diagnostic.
    pub fn warning(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, message)
    }

    /// An info diagnostic.
    pub fn info(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(Severity::Info, code, message)
    }

    /// The same finding under another registered code (a compat check's `unusable-schema` for
    /// the engine's failure, an `official-schema` for a message's violation).
    pub fn with_code(mut self, code: &str) -> Self {
        codes::debug_check(code, self.severity);
        self.code = code.to_owned();
        self
    }

    /// Sets the JSON Pointer of the offending value.
    pub fn at_pointer(mut self, pointer: impl Into<String>) -> Self {
        self.instance_path = pointer.into();
        self
    }

    /// Sets the instance span.
    pub fn with_span(mut self, span: Option<Span>) -> Self {
        self.span = span;
        self
    }

    /// Sets the schema keyword location and its span in the schema text.
    pub fn with_keyword(mut self, location: impl Into<String>, schema_span: Option<Span>) -> Self {
        self.keyword_location = Some(location.into());
        self.schema_span = schema_span;
        self
    }

    /// Sets the fix.
    pub fn with_fix(mut self, fix: Option<Fix>) -> Self {
        self.fix = fix;
        self
    }

    /// Sets the tool it concerns (`pointer` within the tool definition), unless one is set.
    pub fn about_tool(mut self, name: &str, pointer: impl Into<String>) -> Self {
        if self.tool.is_none() {
            self.tool = Some(Box::new(ToolRef {
                name: name.to_owned(),
                pointer: pointer.into(),
                template: message_template(&self.message, name),
            }));
        }
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Default most diagnostics a feature returns before [`cap`] replaces the rest with a count.
pub const DEFAULT_MAX_DIAGNOSTICS: usize = 100;

/// Keeps the first `max` diagnostics and, if any were cut, appends one info diagnostic
/// `more-diagnostics` saying how many were not shown (so the result holds at most `max + 1`).
///
/// Only the top level is counted; a feature with large `children` lists caps those itself.
pub fn cap(diagnostics: Vec<Diagnostic>, max: usize) -> Vec<Diagnostic> {
    cap_with_dropped(diagnostics, max, 0)
}

/// Like [`cap`], when `dropped` more diagnostics were already discarded before they were built
/// (e.g. by a reader that stopped recording warnings); they are counted in the note.
pub fn cap_with_dropped(
    mut diagnostics: Vec<Diagnostic>,
    max: usize,
    dropped: usize,
) -> Vec<Diagnostic> {
    let hidden = diagnostics
        .len()
        .saturating_sub(max)
        .saturating_add(dropped);
    diagnostics.truncate(max);
    if hidden > 0 {
        let s = if hidden == 1 { "" } else { "s" };
        diagnostics.push(Diagnostic::info(
            "more-diagnostics",
            format!("{hidden} more diagnostic{s} not shown (the limit is {max})"),
        ));
    }
    diagnostics
}

/// Line and column lookups for one text, in both UTF-8 bytes and UTF-16 code units.
///
/// Built once per text in O(n); each lookup is O(log lines + 128 bytes).
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a [u8],
    /// Byte offset where each line starts; the first is 0.
    line_starts: Vec<usize>,
    /// UTF-16 length of `text[..k * CHUNK]` for every k.
    utf16_checkpoints: Vec<usize>,
}

/// Distance in bytes between two UTF-16 checkpoints (a lookup counts at most this many bytes;
/// 1 KiB made span lookups a fifth of a long log's replay).
const CHUNK: usize = 128;

/// A position in a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Position {
    /// Byte offset.
    pub offset: usize,
    /// UTF-16 code unit offset.
    pub utf16_offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column counted in bytes.
    pub byte_column: usize,
    /// 1-based column counted in UTF-16 code units.
    pub utf16_column: usize,
}

/// UTF-16 code units that the UTF-8 byte `b` contributes (0 for continuation bytes).
fn utf16_units(b: u8) -> usize {
    match b {
        0x80..=0xBF => 0,
        0xF0..=0xFF => 2,
        _ => 1,
    }
}

/// The UTF-16 length of the UTF-8 `bytes`: eight ASCII bytes at a time.
pub(crate) fn utf16_len(bytes: &[u8]) -> usize {
    let mut words = bytes.chunks_exact(8);
    let mut units = 0;
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        units += if w & HIGH_BITS == 0 {
            8
        } else {
            word.iter().map(|&b| utf16_units(b)).sum()
        };
    }
    units
        + words
            .remainder()
            .iter()
            .map(|&b| utf16_units(b))
            .sum::<usize>()
}

/// The high bit of each byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Whether a word of eight bytes (zero-padded) holds `\n` or `\r`.
fn has_line_break(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x & HIGH_BITS != 0;
    zero_byte(w ^ (ONES * u64::from(b'\n'))) || zero_byte(w ^ (ONES * u64::from(b'\r')))
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`. Line breaks are `\n`, `\r\n` and a lone `\r`.
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        let mut utf16_checkpoints = Vec::with_capacity(bytes.len() / CHUNK + 1);
        let mut units = 0;
        for (c, chunk) in bytes.chunks(CHUNK).enumerate() {
            utf16_checkpoints.push(units);
            // Eight bytes at a time: most chunks are ASCII without a line break.
            let mut words = chunk.chunks_exact(8);
            let (mut plain, mut breaks) = (true, false);
            for word in &mut words {
                let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
                plain &= w & HIGH_BITS == 0;
                breaks |= has_line_break(w);
            }
            for &b in words.remainder() {
                plain &= b < 0x80;
                breaks |= b == b'\n' || b == b'\r';
            }
            units += if plain { chunk.len() } else { utf16_len(chunk) };
            if !breaks {
                continue;
            }
            for (i, &b) in chunk.iter().enumerate() {
                let at = c * CHUNK + i;
                if b == b'\n' || (b == b'\r' && bytes.get(at + 1) != Some(&b'\n')) {
                    line_starts.push(at + 1);
                }
            }
        }
        utf16_checkpoints.push(units);
        Self {
            text: bytes,
            line_starts,
            utf16_checkpoints,
        }
    }

    /// UTF-16 offset of byte offset `offset` (clamped to the text length).
    pub fn utf16_offset(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        let chunk = offset / CHUNK;
        let base = self.utf16_checkpoints.get(chunk).copied().unwrap_or(0);
        let from = chunk * CHUNK;
        base + self.text.get(from..offset).map_or(0, utf16_len)
    }

    /// The position of byte offset `offset` (clamped to the text length).
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let line_start = self
            .line_starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(0);
        let utf16_offset = self.utf16_offset(offset);
        Position {
            offset,
            utf16_offset,
            line,
            byte_column: offset - line_start + 1,
            utf16_column: utf16_offset - self.utf16_offset(line_start) + 1,
        }
    }

    /// The user-facing [`Span`] of a byte range.
    pub fn span(&self, range: ByteRange) -> Span {
        let start = self.position(range.start);
        let end = self.position(range.end.max(range.start));
        Span {
            start: start.utf16_offset,
            end: end.utf16_offset,
            line: start.line,
            column: start.utf16_column,
            end_line: end.line,
            end_column: end.utf16_column,
            bytes: ByteRange::new(start.offset, end.offset),
        }
    }

    /// The line containing byte `offset`, without its line break, and the byte offset it starts at.
    pub fn line_text(&self, offset: usize) -> (&'a [u8], usize) {
        let pos = self.position(offset);
        let start = self.line_starts.get(pos.line - 1).copied().unwrap_or(0);
        let end = self
            .line_starts
            .get(pos.line)
            .copied()
            .unwrap_or(self.text.len());
        let mut line = self.text.get(start..end).unwrap_or_default();
        while let [rest @ .., b'\n' | b'\r'] = line {
            line = rest;
        }
        (line, start)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_message_template_marks_the_tool_and_quoted_values_not_apostrophes() {
        use super::message_template as template;
        assert_eq!(
            template(r#"tool "search" takes "q \" x" and `n`"#, "search"),
            "tool {value} takes {value} and {value}"
        );
        assert_eq!(
            template("Tool 'fetch' has 'a' (fetch's schema)", "fetch"),
            "Tool {value} has {value} ({tool}'s schema)"
        );
        assert_eq!(
            template("search's input is 'open", "search"),
            "{tool}'s input is 'open"
        );
        assert_eq!(template(r#"an "open quote"#, ""), r#"an "open quote"#);
        assert_eq!(
            template(r#"tool "a" takes 3"#, "a"),
            template(r#"tool "b" takes 3"#, "b")
        );
    }

    use super::*;

    #[test]
    fn cap_truncates_and_counts_the_rest() {
        let many: Vec<_> = (0..5)
            .map(|i| Diagnostic::error("type", format!("n{i}")))
            .collect();
        let capped = cap(many.clone(), 3);
        let messages: Vec<_> = capped.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages[..3], ["n0", "n1", "n2"]);
        assert_eq!(capped.len(), 4);
        assert_eq!(
            (capped[3].severity, capped[3].code.as_str()),
            (Severity::Info, "more-diagnostics")
        );
        assert_eq!(
            capped[3].message,
            "2 more diagnostics not shown (the limit is 3)"
        );
        assert_eq!(cap(many.clone(), 5), many);
        assert_eq!(cap(many.clone(), 0).len(), 1);
    }

    #[test]
    fn cap_counts_diagnostics_dropped_earlier() {
        let one = vec![Diagnostic::warning("unknown-keyword", "x")];
        let capped = cap_with_dropped(one.clone(), 10, 1);
        assert_eq!(capped.len(), 2);
        assert_eq!(
            capped[1].message,
            "1 more diagnostic not shown (the limit is 10)"
        );
        assert_eq!(cap_with_dropped(one.clone(), 10, 0), one);
    }

    /// The index as it was built before, one byte at a time.
    fn byte_by_byte(text: &str) -> (Vec<usize>, Vec<usize>) {
        let bytes = text.as_bytes();
        let (mut lines, mut checkpoints, mut units) = (vec![0], Vec::new(), 0);
        for (i, &b) in bytes.iter().enumerate() {
            if i % CHUNK == 0 {
                checkpoints.push(units);
            }
            units += utf16_units(b);
            if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                lines.push(i + 1);
            }
        }
        checkpoints.push(units);
        (lines, checkpoints)
    }

    #[test]
    fn the_index_read_a_word_at_a_time_is_the_index_read_byte_by_byte() {
        let pieces = [
            "{\"a\":1}",
            "\n",
            "\r\n",
            "\r",
            "é",
            "😀",
            "x",
            "  ",
            "\u{7f}",
        ];
        for seed in 0..300usize {
            let mut text = String::new();
            let mut state = seed.wrapping_mul(2_654_435_761) | 1;
            for _ in 0..(seed * 7 % 400) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push_str(pieces[state % pieces.len()]);
            }
            let index = LineIndex::new(&text);
            let (lines, checkpoints) = byte_by_byte(&text);
            assert_eq!(index.line_starts, lines, "{text:?}");
            assert_eq!(index.utf16_checkpoints, checkpoints, "{text:?}");
            for offset in (0..=text.len()).step_by(37) {
                let before = text.as_bytes().get(..offset).unwrap_or_default();
                let units: usize = before.iter().map(|&b| utf16_units(b)).sum();
                assert_eq!(index.utf16_offset(offset), units, "{text:?} at {offset}");
            }
        }
    }

    #[test]
    fn positions_count_utf16_and_bytes() {
        let text = "{\n  \"é😀\": 1\r\n}\rx";
        let index = LineIndex::new(text);
        let one = text.find('1').unwrap();
        let pos = index.position(one);
        assert_eq!(pos.line, 2);
        // `  "é😀": ` is 2 + 1 + 2 (é) + 4 (😀) + 1 + 1 + 1 bytes before `1`.
        assert_eq!(pos.byte_column, 13);
        // In UTF-16: 2 + 1 + 1 + 2 + 1 + 1 + 1.
        assert_eq!(pos.utf16_column, 10);
        assert_eq!(index.position(text.len() - 1).line, 4);
        assert_eq!(index.position(text.len() - 1).utf16_column, 1);
    }

    #[test]
    fn utf16_offsets_cross_checkpoints() {
        let text = "é".repeat(3000) + "😀x";
        let index = LineIndex::new(&text);
        assert_eq!(index.utf16_offset(text.len() - 1), 3002);
        assert_eq!(index.utf16_offset(usize::MAX), 3003);
    }

    #[test]
    fn span_serializes_camel_case_without_bytes() {
        let index = LineIndex::new("ab\ncd");
        let json = serde_json::to_string(&index.span(ByteRange::new(1, 4))).unwrap();
        assert_eq!(
            json,
            r#"{"start":1,"end":4,"line":1,"column":2,"endLine":2,"endColumn":2}"#
        );
    }

    #[test]
    fn line_text_strips_breaks() {
        let index = LineIndex::new("a\r\nbc\n");
        assert_eq!(index.line_text(4), (&b"bc"[..], 3));
    }
}
