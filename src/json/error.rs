//! The positioned error every JSON parse failure becomes.

use serde::Serialize;

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, Span};

/// Why a text is not the JSON it should be: a message, a code and an exact position (in
/// JavaScript the `JsonError` thrown for text that is not JSON).
///
/// `offset`, `line` and `column` count UTF-16 code units (what JavaScript uses); `byte_offset` and
/// `byte_column` (`byteOffset`, `byteColumn` in JavaScript) count UTF-8 bytes. Lines and columns
/// are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct JsonError {
    /// A stable code: `syntax`, `eof`, `depth-limit`, `size-limit`, `invalid-utf8`, `empty`.
    #[cfg_attr(test, ts(as = "JsonErrorCode", inline))]
    pub code: &'static str,
    /// A plain-English sentence naming what was expected and what was found.
    pub message: String,
    /// UTF-16 offset of the error.
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based UTF-16 column.
    pub column: usize,
    /// Byte offset of the error.
    pub byte_offset: usize,
    /// 1-based byte column.
    pub byte_column: usize,
    /// The line around the error and a caret under it.
    pub snippet: String,
}

impl std::fmt::Display for JsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} at line {}, column {}",
            self.message, self.line, self.column
        )
    }
}

impl std::error::Error for JsonError {}

/// [`JsonError::code`] in TypeScript: the registry's codes of the `json` layer emitted as errors
/// ([`crate::diagnostic::codes::CODES`]), which are the codes a text that is not JSON gets (its
/// [`JsonError::diagnostic`] is an error, and a code emitted more severely than registered
/// panics in a debug build).
#[cfg(test)]
struct JsonErrorCode;

#[cfg(test)]
impl ts_rs::TS for JsonErrorCode {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn name(_: &ts_rs::Config) -> String {
        "JsonErrorCode".to_owned()
    }

    fn inline(_: &ts_rs::Config) -> String {
        let codes: Vec<String> = crate::diagnostic::codes::CODES
            .iter()
            .filter(|c| c.layer == "json" && c.severity == crate::diagnostic::Severity::Error)
            .map(|c| format!("\"{}\"", c.code))
            .collect();
        codes.join(" | ")
    }
}

/// Characters of context shown on each side of the caret in a snippet.
const SNIPPET_CONTEXT: usize = 40;

impl JsonError {
    /// An error at byte `offset` of `text`. Only the text up to the end of the offset's line is
    /// indexed: nothing after that line moves its position or its snippet, and a failed parse of
    /// a long text (JSON Lines first tried as one document) would otherwise index all of it.
    pub fn at(text: &str, offset: usize, code: &'static str, message: impl Into<String>) -> Self {
        let line_end = text
            .as_bytes()
            .get(offset..)
            .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
            .map_or(text.len(), |at| offset + at + 1);
        let placed = text.get(..line_end).unwrap_or(text);
        Self::with_index(&LineIndex::new(placed), offset, code, message)
    }

    /// An error at byte `offset` of the text `index` was built over.
    pub fn with_index(
        index: &LineIndex<'_>,
        offset: usize,
        code: &'static str,
        message: impl Into<String>,
    ) -> Self {
        let pos = index.position(offset);
        Self {
            code,
            message: message.into(),
            offset: pos.utf16_offset,
            line: pos.line,
            column: pos.utf16_column,
            byte_offset: pos.offset,
            byte_column: pos.byte_column,
            snippet: snippet(index, pos.offset),
        }
    }

    /// The error as a [`Diagnostic`] with an empty span at its position, from the position it
    /// carries (no text needed: what a front end is handed with a thrown error).
    pub fn diagnostic(&self) -> Diagnostic {
        let span = Span {
            start: self.offset,
            end: self.offset,
            line: self.line,
            column: self.column,
            end_line: self.line,
            end_column: self.column,
            bytes: ByteRange::new(self.byte_offset, self.byte_offset),
        };
        Diagnostic::error(self.code, self.message.clone()).with_span(Some(span))
    }
}

/// The line holding `offset` (at most 40 characters each side), then a caret line under `offset`.
fn snippet(index: &LineIndex<'_>, offset: usize) -> String {
    let (line, line_start) = index.line_text(offset);
    let line = String::from_utf8_lossy(line);
    let caret_chars = line
        .char_indices()
        .take_while(|(i, _)| line_start + i < offset)
        .count();
    let from = caret_chars.saturating_sub(SNIPPET_CONTEXT);
    let shown: String = line
        .chars()
        .skip(from)
        .take(2 * SNIPPET_CONTEXT + 1)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let prefix = if from > 0 { "…" } else { "" };
    let caret_col = caret_chars - from + prefix.chars().count();
    format!("{prefix}{shown}\n{}^", " ".repeat(caret_col))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_has_both_columns_and_a_caret() {
        let err = JsonError::at("{\"é\": x}", 7, "syntax", "expected a value");
        assert_eq!((err.line, err.column, err.byte_column), (1, 7, 8));
        assert_eq!(err.snippet, "{\"é\": x}\n      ^");
        assert_eq!(err.to_string(), "expected a value at line 1, column 7");
    }

    #[test]
    fn an_error_is_placed_as_over_the_whole_text() {
        // Every offset of a text with each line break, non-ASCII and a long tail: indexing up to
        // the end of the offset's line places it as indexing all of it does.
        let text = format!(
            "{{\"é\": 1,\r\n \"a\":\r x\n\n\"😀\" y\r\n{}",
            "[1]\n".repeat(300)
        );
        for offset in (0..=text.len() + 1).filter(|&o| text.is_char_boundary(o.min(text.len()))) {
            let whole = JsonError::with_index(&LineIndex::new(&text), offset, "syntax", "bad");
            assert_eq!(
                JsonError::at(&text, offset, "syntax", "bad"),
                whole,
                "{offset}"
            );
        }
    }

    #[test]
    fn long_lines_are_cut_around_the_caret() {
        let text = format!("[{}x]", "1,".repeat(100));
        let err = JsonError::at(&text, 201, "syntax", "bad");
        let first = err.snippet.lines().next().unwrap();
        assert!(
            first.starts_with('…') && first.chars().count() <= 82,
            "{first}"
        );
        let caret = err.snippet.lines().nth(1).unwrap();
        assert_eq!(first.chars().nth(caret.len() - 1), Some('x'));
    }

    #[test]
    fn the_diagnostic_sits_where_the_text_places_the_error() {
        let text = "{\"é\": 1,\n  \"b\": x}";
        let err = JsonError::at(text, text.find('x').unwrap(), "syntax", "expected a value");
        let found = err.diagnostic();
        assert_eq!(
            (found.code.as_str(), found.message.as_str()),
            ("syntax", "expected a value")
        );
        assert_eq!(found.severity, crate::diagnostic::Severity::Error);
        let at = LineIndex::new(text).span(ByteRange::new(err.byte_offset, err.byte_offset));
        assert_eq!(found.span, Some(at));
        assert_eq!((at.line, at.column, at.start), (2, 8, 16));
    }
}
