//! A verdict-only pass over a JSON text: the tokens [`Reader`](crate::json::Reader) would yield,
//! or `None` where it would fail, without positions, messages or warning text.
//!
//! It exists for hot paths that only need the tokens of a valid text (validating arguments with
//! `is_valid`): no line tracking, no pointer bookkeeping, no `Result` per token. The lexeme
//! grammar is the one the reader uses (module `json::lex`); what this adds is only the
//! structure (which token may follow which), kept in one loop.

use crate::diagnostic::ByteRange;
use crate::json::lex::{self, StringEnd};
use crate::json::{ReadOptions, TokenKind};

/// How a text that [`scan`] accepted reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scanned {
    /// Whether the reader would have warned about a byte order mark or a lone surrogate
    /// (duplicate keys are not looked for).
    pub warned: bool,
}

/// Calls `on_token` with the kind and range of each token of `text`, exactly those
/// [`Reader::next_token`] yields with the same `options` (`max_depth` and `max_input_bytes`
/// apply; duplicate keys are not looked for), and whether it is a string or key with an escape;
/// `None` if the reader would fail. On failure the tokens before it have been passed.
///
/// The kind and range come apart (not as a [`Token`](crate::json::Token)) so that they travel in registers: a
/// `Token` is passed through memory, and reading it back stalled the tape's per-token closure.
///
/// [`Reader::next_token`]: crate::json::Reader::next_token
pub fn scan(
    text: &str,
    options: ReadOptions,
    mut on_token: impl FnMut(TokenKind, ByteRange, bool),
) -> Option<Scanned> {
    let bytes = text.as_bytes();
    if bytes.len() > options.max_input_bytes {
        return None;
    }
    let mut warned = text.starts_with('\u{feff}');
    let mut pos = if warned { 3 } else { 0 };
    let mut emit = |kind, start, end, escaped| on_token(kind, ByteRange::new(start, end), escaped);
    let mut open = Open::default();
    let mut string = |pos: usize| lex::string_end(bytes, pos, |_, _| warned = true).ok();
    'value: loop {
        pos = lex::skip_ws(bytes, pos);
        let start = pos;
        let kind = match bytes.get(pos).copied()? {
            bracket @ (b'{' | b'[') => {
                if open.depth >= options.max_depth {
                    return None;
                }
                let object = bracket == b'{';
                let (kind, end_kind, close) = if object {
                    (TokenKind::StartObject, TokenKind::EndObject, b'}')
                } else {
                    (TokenKind::StartArray, TokenKind::EndArray, b']')
                };
                emit(kind, start, start + 1, false);
                pos = lex::skip_ws(bytes, start + 1);
                if bytes.get(pos) == Some(&close) {
                    emit(end_kind, pos, pos + 1, false);
                    pos += 1;
                } else {
                    open.push(object);
                    if object {
                        pos = key(bytes, pos, &mut string, &mut emit)?;
                    }
                    continue 'value;
                }
                None
            }
            b'"' => {
                let StringEnd { end, escaped } = string(pos)?;
                pos = end;
                Some((TokenKind::String, escaped))
            }
            b'-' | b'0'..=b'9' => {
                pos = lex::number_end(bytes, pos).ok()?;
                Some((TokenKind::Number, false))
            }
            b't' => {
                pos = lex::literal_end(bytes, pos, "true").ok()?;
                Some((TokenKind::True, false))
            }
            b'f' => {
                pos = lex::literal_end(bytes, pos, "false").ok()?;
                Some((TokenKind::False, false))
            }
            b'n' => {
                pos = lex::literal_end(bytes, pos, "null").ok()?;
                Some((TokenKind::Null, false))
            }
            _ => return None,
        };
        if let Some((kind, escaped)) = kind {
            emit(kind, start, pos, escaped);
        }
        // After a value: a comma, the end of containers, or the end of the text.
        loop {
            pos = lex::skip_ws(bytes, pos);
            let Some(object) = open.innermost() else {
                return (pos == bytes.len()).then_some(Scanned { warned });
            };
            match bytes.get(pos).copied()? {
                b',' => {
                    pos += 1;
                    if object {
                        pos = key(bytes, lex::skip_ws(bytes, pos), &mut string, &mut emit)?;
                    }
                    continue 'value;
                }
                b'}' if object => emit(TokenKind::EndObject, pos, pos + 1, false),
                b']' if !object => emit(TokenKind::EndArray, pos, pos + 1, false),
                _ => return None,
            }
            open.pop();
            pos += 1;
        }
    }
}

/// Which of the open containers are objects: a bit per level, the first 64 levels without
/// allocating.
#[derive(Default)]
struct Open {
    depth: usize,
    /// Bit `i`: level `i` (0 outermost) is an object.
    low: u64,
    /// Levels from 64 on.
    high: Vec<bool>,
}

impl Open {
    fn push(&mut self, object: bool) {
        if self.depth < 64 {
            let bit = 1u64 << self.depth;
            if object {
                self.low |= bit;
            } else {
                self.low &= !bit;
            }
        } else {
            self.high.push(object);
        }
        self.depth += 1;
    }

    fn pop(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        if self.depth >= 64 {
            self.high.pop();
        }
    }

    /// Whether the innermost open container is an object; `None` outside any.
    fn innermost(&self) -> Option<bool> {
        let level = self.depth.checked_sub(1)?;
        if level < 64 {
            Some((self.low >> level) & 1 == 1)
        } else {
            self.high.last().copied()
        }
    }
}

/// Reads the key at `pos` and the colon after it; returns where the value may start.
fn key(
    bytes: &[u8],
    pos: usize,
    string: &mut impl FnMut(usize) -> Option<StringEnd>,
    emit: &mut impl FnMut(TokenKind, usize, usize, bool),
) -> Option<usize> {
    if bytes.get(pos) != Some(&b'"') {
        return None;
    }
    let StringEnd { end, escaped } = string(pos)?;
    emit(TokenKind::Key, pos, end, escaped);
    let colon = lex::skip_ws(bytes, end);
    (bytes.get(colon) == Some(&b':')).then_some(colon + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{Reader, Token};

    /// The tokens and verdict of `scan` and of the reader, side by side.
    fn both(text: &str, options: ReadOptions) -> [(Vec<Token>, Option<bool>); 2] {
        let mut scanned = Vec::new();
        let verdict = scan(text, options, |kind, range, escaped| {
            let lexeme = text.get(range.start..range.end).unwrap();
            assert_eq!(escaped, lexeme.contains('\\'), "{lexeme}");
            scanned.push(Token { kind, range });
        })
        .map(|s| s.warned);
        let mut reader = Reader::new(text, options);
        let mut read = Vec::new();
        let outcome = loop {
            match reader.next_token() {
                Ok(Some(token)) => read.push(token),
                Ok(None) => break Some(!reader.warnings().is_empty()),
                Err(_) => break None,
            }
        };
        [(scanned, verdict), (read, outcome)]
    }

    const OPTIONS: ReadOptions = ReadOptions {
        max_depth: 4,
        detect_duplicate_keys: false,
        max_input_bytes: 64,
        max_warnings: 100,
    };

    #[test]
    fn agrees_with_the_reader_on_tokens_and_verdicts() {
        let cases = [
            r#" {"a": [1, -2.5e3, "x", true, false, null], "b": {}, "c": []} "#,
            r#"{"a":1,"a":2}"#,
            "\u{feff}[1]",
            "[\u{feff}1]",
            r#"["\ud800", "\udc00\ud800\udc00"]"#,
            r#"["\ud800\u0041", "\ud800\u12G4"]"#,
            r#""\/\b\f\n\r\t\"\\""#,
            r#"["\x"]"#,
            "[[[[1]]]]",
            "[[[[[1]]]]]",
            "[[[[[]]]]]",
            "[[[[{}]]]]",
            "[[[[{\"a\":1}]]]]",
            "123456789012345678901234567890123456789012345678901234567890",
            "[1234567890123456789012345678901234567890123456789012345678901]",
            "",
            " ",
            "[",
            "[1,]",
            "{\"a\":1,}",
            "{,}",
            "[,1]",
            "{\"a\" 1}",
            "{\"a\":}",
            "{1:1}",
            "[1 2]",
            "1 2",
            "01",
            "-",
            "1.",
            "1e",
            "1.5e+",
            "-0",
            "1x",
            "truex",
            "tru",
            "nul",
            "[true,false,null]",
            "\"a\tb\"",
            "\"abc",
            "{\"a\":1}}",
            "]",
            "{]",
            "[}",
            "\"\u{7f}é😀\"",
        ];
        for text in cases {
            let [scanned, read] = both(text, OPTIONS);
            assert_eq!(scanned, read, "{text:?}");
        }
        assert_eq!(both("[1]", OPTIONS)[0].1, Some(false));
        assert_eq!(both("\u{feff}[1]", OPTIONS)[0].1, Some(true));
        assert_eq!(both(r#""\udc00""#, OPTIONS)[0].1, Some(true));
        assert_eq!(both("[[[[[1]]]]]", OPTIONS)[0].1, None);
    }

    #[test]
    fn agrees_with_the_reader_on_the_json_test_suite() {
        // Duplicate keys are the one warning `scan` does not look for.
        let plain = ReadOptions {
            detect_duplicate_keys: false,
            ..ReadOptions::default()
        };
        let tight = ReadOptions {
            max_depth: 3,
            max_input_bytes: 40,
            ..plain
        };
        let (mut compared, mut accepted) = (0, 0);
        for (name, text) in crate::json::test_suite_texts() {
            for options in [plain, tight] {
                let [scanned, read] = both(&text, options);
                assert_eq!(scanned, read, "{name} with {options:?}");
                compared += 1;
                accepted += usize::from(scanned.1.is_some());
            }
        }
        assert!(
            compared > 550 && accepted > 150,
            "suite looks incomplete: {compared} comparisons, {accepted} accepted"
        );
    }

    #[test]
    fn deep_mixed_nesting_is_tracked_past_64_levels() {
        let options = ReadOptions {
            detect_duplicate_keys: false,
            ..ReadOptions::default()
        };
        for depth in [63, 64, 65, 130] {
            let open: String = (0..depth)
                .map(|i| if i % 3 == 0 { "{\"k\": " } else { "[0, " })
                .collect();
            let close: String = (0..depth)
                .rev()
                .map(|i| if i % 3 == 0 { "}" } else { "]" })
                .collect();
            let good = format!("{open}1{close}");
            let [scanned, read] = both(&good, options);
            assert_eq!(scanned, read, "{depth}");
            assert_eq!(scanned.1, Some(false), "{depth}");
            // One closing bracket of the wrong kind, at every level.
            for level in 0..depth {
                let mut bad = close.clone().into_bytes();
                bad[level] = if bad[level] == b'}' { b']' } else { b'}' };
                let bad = format!("{open}1{}", String::from_utf8(bad).unwrap());
                let [scanned, read] = both(&bad, options);
                assert_eq!(scanned, read, "{depth} {level}");
                assert_eq!(scanned.1, None, "{depth} {level}");
            }
        }
    }

    #[test]
    fn the_size_limit_counts_the_whole_text() {
        let array = format!("[{}]", "1,".repeat(30) + "1");
        for (spaces, accepted) in [(0, true), (1, true), (2, false)] {
            let text = format!("{array}{}", " ".repeat(spaces));
            let [scanned, read] = both(&text, OPTIONS);
            assert_eq!(scanned, read, "{}", text.len());
            assert_eq!(scanned.1.is_some(), accepted, "{}", text.len());
        }
    }
}
