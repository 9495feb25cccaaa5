//! The byte-level grammar of JSON lexemes, shared by [`crate::json::Reader`] (which turns a
//! failure into a positioned message) and [`crate::json::scan`] (which only needs the verdict).
//!
//! Each function starts at a byte offset and returns where the lexeme ends, or what is wrong and
//! where; none of them allocates.

/// White space JSON allows between tokens.
pub fn skip_ws(bytes: &[u8], mut pos: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\n' | b'\r') = bytes.get(pos) {
        pos += 1;
    }
    pos
}

/// Why a number lexeme is malformed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberFault {
    /// A `0` followed by another digit (the error is at the lexeme's start).
    LeadingZero,
    /// No digit at byte `at`: after the `-`, after the `.` or in the exponent (`part`).
    MissingDigit {
        /// Where the digit should be.
        at: usize,
        /// `"after '-'"`, `"after '.'"` or `"in the exponent"`.
        part: &'static str,
    },
    /// A letter, digit or `.` right after the lexeme ending at `at`.
    NoDelimiter {
        /// Where the lexeme ended.
        at: usize,
    },
}

/// The end of the number lexeme starting at `start` (a `-` or a digit).
pub fn number_end(bytes: &[u8], start: usize) -> Result<usize, NumberFault> {
    let digits = |mut pos: usize| {
        while let Some(b'0'..=b'9') = bytes.get(pos) {
            pos += 1;
        }
        pos
    };
    let mut pos = start;
    if bytes.get(pos) == Some(&b'-') {
        pos += 1;
    }
    match bytes.get(pos) {
        Some(b'0') => {
            pos += 1;
            if let Some(b'0'..=b'9') = bytes.get(pos) {
                return Err(NumberFault::LeadingZero);
            }
        }
        Some(b'1'..=b'9') => pos = digits(pos + 1),
        _ => {
            let part = "after '-'";
            return Err(NumberFault::MissingDigit { at: pos, part });
        }
    }
    if bytes.get(pos) == Some(&b'.') {
        let end = digits(pos + 1);
        if end == pos + 1 {
            let part = "after '.'";
            return Err(NumberFault::MissingDigit { at: end, part });
        }
        pos = end;
    }
    if let Some(b'e' | b'E') = bytes.get(pos) {
        pos += 1;
        if let Some(b'+' | b'-') = bytes.get(pos) {
            pos += 1;
        }
        let end = digits(pos);
        if end == pos {
            let part = "in the exponent";
            return Err(NumberFault::MissingDigit { at: end, part });
        }
        pos = end;
    }
    match bytes.get(pos) {
        Some(b) if b.is_ascii_alphanumeric() || *b == b'.' => {
            Err(NumberFault::NoDelimiter { at: pos })
        }
        _ => Ok(pos),
    }
}

/// Why a string lexeme is malformed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringFault {
    /// The input ends before the closing quote.
    Unclosed,
    /// A control character (below U+0020) at byte `at`.
    Control {
        /// Where it is.
        at: usize,
    },
    /// A `\` at byte `at` followed by something that is no escape.
    BadEscape {
        /// Where the backslash is.
        at: usize,
    },
    /// A `\u` at byte `at` not followed by four hexadecimal digits.
    BadUnicode {
        /// Where the backslash is.
        at: usize,
    },
}

/// A well-formed string lexeme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StringEnd {
    /// The byte after the closing quote.
    pub end: usize,
    /// Whether the lexeme holds an escape.
    pub escaped: bool,
}

/// Scans the string lexeme opened by the quote at `open`: checks escapes and control characters
/// and calls `lone_surrogate(at, unit)` for each `\uXXXX` at byte `at` that is half a surrogate
/// pair on its own.
pub fn string_end(
    bytes: &[u8],
    open: usize,
    mut lone_surrogate: impl FnMut(usize, u16),
) -> Result<StringEnd, StringFault> {
    let mut pos = open + 1;
    let mut escaped = false;
    loop {
        let rest = bytes.get(pos..).unwrap_or_default();
        let run = string_run(rest).ok_or(StringFault::Unclosed)?;
        pos += run;
        match bytes.get(pos) {
            Some(b'"') => {
                return Ok(StringEnd {
                    end: pos + 1,
                    escaped,
                })
            }
            Some(b'\\') => {
                escaped = true;
                pos = escape_end(bytes, pos, &mut lone_surrogate)?;
            }
            _ => return Err(StringFault::Control { at: pos }),
        }
    }
}

/// The end of the escape whose backslash is at `start`.
fn escape_end(
    bytes: &[u8],
    start: usize,
    lone_surrogate: &mut impl FnMut(usize, u16),
) -> Result<usize, StringFault> {
    match bytes.get(start + 1) {
        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(start + 2),
        Some(b'u') => {
            let unit = hex4(bytes, start + 2).ok_or(StringFault::BadUnicode { at: start })?;
            let end = start + 6;
            let low = match unit {
                0xD800..=0xDBFF => (bytes.get(end..end + 2) == Some(b"\\u"))
                    .then(|| hex4(bytes, end + 2))
                    .flatten(),
                0xDC00..=0xDFFF => None,
                _ => return Ok(end),
            };
            if let Some(0xDC00..=0xDFFF) = low {
                return Ok(end + 6);
            }
            lone_surrogate(start, unit);
            Ok(end)
        }
        _ => Err(StringFault::BadEscape { at: start }),
    }
}

/// The four hexadecimal digits at `at`, as a UTF-16 code unit.
fn hex4(bytes: &[u8], at: usize) -> Option<u16> {
    let digits = bytes.get(at..at + 4)?;
    digits.iter().try_fold(0u16, |unit, &b| {
        let digit = char::from(b).to_digit(16)?;
        Some((unit << 4) | u16::try_from(digit).ok()?)
    })
}

/// Length of the run of string content at the start of `bytes`: up to the first `"`, `\\` or
/// control character, or `None` if there is none. Checks eight bytes at a time.
pub fn string_run(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has_zero_byte = |w: u64| w.wrapping_sub(ONES) & !w & HIGH != 0;
    let mut at = 0;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let Ok(chunk) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let w = u64::from_le_bytes(chunk);
        let control = w.wrapping_sub(ONES * 0x20) & !w & HIGH != 0;
        if control
            || has_zero_byte(w ^ (ONES * u64::from(b'"')))
            || has_zero_byte(w ^ (ONES * u64::from(b'\\')))
        {
            break;
        }
        at += 8;
    }
    let rest = bytes.get(at..)?;
    rest.iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .map(|run| at + run)
}

/// What is wrong with a literal (`true`, `false`, `null`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiteralFault {
    /// The bytes are not the word.
    Mismatch,
    /// A letter or digit follows the word, at byte `at`.
    NoDelimiter {
        /// Where the word ended.
        at: usize,
    },
}

/// The end of `word` at `at`.
pub fn literal_end(bytes: &[u8], at: usize, word: &str) -> Result<usize, LiteralFault> {
    let end = at + word.len();
    if bytes.get(at..end) != Some(word.as_bytes()) {
        return Err(LiteralFault::Mismatch);
    }
    match bytes.get(end) {
        Some(b) if b.is_ascii_alphanumeric() => Err(LiteralFault::NoDelimiter { at: end }),
        _ => Ok(end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_runs_stop_at_quotes_backslashes_and_control_characters() {
        for stop in [b'"', b'\\', b'\n', 0x1f, 0] {
            for at in 0..20 {
                let mut bytes = vec![b'a'; 24];
                bytes[at] = stop;
                bytes[at + 2] = b'"';
                assert_eq!(string_run(&bytes), Some(at), "{stop:#x} at {at}");
            }
        }
        let plain = "é😀 ~\x7f plain text without a stop".as_bytes();
        assert_eq!(string_run(plain), None);
    }

    #[test]
    fn numbers_end_at_their_last_digit_or_say_what_is_missing() {
        let end = |text: &str| number_end(text.as_bytes(), 0);
        assert_eq!(end("-12.5e+3,"), Ok(8));
        assert_eq!(end("0]"), Ok(1));
        assert_eq!(end("01"), Err(NumberFault::LeadingZero));
        assert_eq!(
            end("1.e5"),
            Err(NumberFault::MissingDigit {
                at: 2,
                part: "after '.'"
            })
        );
        assert_eq!(
            end("-x"),
            Err(NumberFault::MissingDigit {
                at: 1,
                part: "after '-'"
            })
        );
        assert_eq!(
            end("1E+"),
            Err(NumberFault::MissingDigit {
                at: 3,
                part: "in the exponent"
            })
        );
        assert_eq!(end("12a"), Err(NumberFault::NoDelimiter { at: 2 }));
    }

    #[test]
    fn strings_check_escapes_and_report_lone_surrogates() {
        let scan = |text: &str| {
            let mut lone = Vec::new();
            let end = string_end(text.as_bytes(), 0, |at, unit| lone.push((at, unit)));
            (end, lone)
        };
        assert_eq!(
            scan(r#""a\n\u00e9\ud83d\ude00" "#),
            (
                Ok(StringEnd {
                    end: 23,
                    escaped: true
                }),
                vec![]
            )
        );
        assert_eq!(
            scan(r#""x\udc00\ud800y""#).1,
            vec![(2, 0xdc00), (8, 0xd800)]
        );
        assert_eq!(scan(r#""a\x""#).0, Err(StringFault::BadEscape { at: 2 }));
        assert_eq!(
            scan(r#""\u12G4""#).0,
            Err(StringFault::BadUnicode { at: 1 })
        );
        assert_eq!(scan("\"a\tb\"").0, Err(StringFault::Control { at: 2 }));
        assert_eq!(scan("\"abc").0, Err(StringFault::Unclosed));
    }

    #[test]
    fn literals_need_the_whole_word_and_a_delimiter() {
        assert_eq!(literal_end(b"[true]", 1, "true"), Ok(5));
        assert_eq!(literal_end(b"tru", 0, "true"), Err(LiteralFault::Mismatch));
        assert_eq!(
            literal_end(b"nulls", 0, "null"),
            Err(LiteralFault::NoDelimiter { at: 4 })
        );
    }
}
