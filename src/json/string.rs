//! Decoding JSON string lexemes and escaping text for output.

/// A decoded JSON string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The characters; lone surrogates became U+FFFD.
    pub value: String,
    /// Whether a lone surrogate was replaced.
    pub had_lone_surrogate: bool,
}

/// Decodes a string lexeme *that the reader has already checked*, quotes included or not.
///
/// Malformed escapes (which the reader rejects) decode to U+FFFD rather than failing.
pub fn decode_string(raw: &str) -> Decoded {
    let inner = raw
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(raw);
    if !inner.contains('\\') {
        return Decoded {
            value: inner.to_owned(),
            had_lone_surrogate: false,
        };
    }
    let mut value = String::with_capacity(inner.len());
    let mut had_lone_surrogate = false;
    let mut rest = inner;
    while let Some(at) = rest.find('\\') {
        value.push_str(rest.get(..at).unwrap_or_default());
        rest = rest.get(at + 1..).unwrap_or_default();
        let mut chars = rest.chars();
        let escaped = chars.next();
        rest = chars.as_str();
        let c = match escaped {
            Some('"') => '"',
            Some('\\') => '\\',
            Some('/') => '/',
            Some('b') => '\u{8}',
            Some('f') => '\u{c}',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('u') => {
                let (c, used, lone) = decode_unicode_escape(rest);
                had_lone_surrogate |= lone;
                rest = rest.get(used..).unwrap_or_default();
                c
            }
            _ => char::REPLACEMENT_CHARACTER,
        };
        value.push(c);
    }
    value.push_str(rest);
    Decoded {
        value,
        had_lone_surrogate,
    }
}

/// Decodes `XXXX` (and a following `\uXXXX` low surrogate) after `\u`: the character, how many
/// bytes of `rest` were used, and whether it was a lone surrogate.
fn decode_unicode_escape(rest: &str) -> (char, usize, bool) {
    let hex = |s: Option<&str>| s.and_then(|h| u32::from_str_radix(h, 16).ok());
    let Some(unit) = hex(rest.get(..4)) else {
        return (char::REPLACEMENT_CHARACTER, 0, false);
    };
    if (0xD800..0xDC00).contains(&unit) && rest.get(4..6) == Some("\\u") {
        if let Some(low @ 0xDC00..=0xDFFF) = hex(rest.get(6..10)) {
            let c = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
            return (
                char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER),
                10,
                false,
            );
        }
    }
    match char::from_u32(unit) {
        Some(c) => (c, 4, false),
        None => (char::REPLACEMENT_CHARACTER, 4, true),
    }
}

/// Appends `text` as a JSON string lexeme (quotes included), escaping what JSON requires and,
/// with `ascii_only`, every non-ASCII character as `\uXXXX` (surrogate pairs above U+FFFF).
pub fn write_json_string(out: &mut String, text: &str, ascii_only: bool) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || (ascii_only && !c.is_ascii()) => push_unicode_escapes(out, c),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `c` as one or two `\uXXXX` escapes.
pub fn push_unicode_escapes(out: &mut String, c: char) {
    let mut units = [0u16; 2];
    for unit in c.encode_utf16(&mut units) {
        out.push_str(&format!("\\u{unit:04x}"));
    }
}

/// Appends a string lexeme as written, escaping only its non-ASCII characters.
pub fn push_lexeme_ascii(out: &mut String, lexeme: &str) {
    for c in lexeme.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            push_unicode_escapes(out, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes_and_pairs() {
        let d = decode_string(r#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#);
        assert_eq!(d.value, "a\"\\/\u{8}\u{c}\n\r\té😀");
        assert!(!d.had_lone_surrogate);
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let d = decode_string(r#""x\ud800y\udc00""#);
        assert_eq!(d.value, "x\u{fffd}y\u{fffd}");
        assert!(d.had_lone_surrogate);
    }

    #[test]
    fn writes_escaped_strings() {
        let mut out = String::new();
        write_json_string(&mut out, "é\"\u{1}😀", true);
        assert_eq!(out, r#""\u00e9\"\u0001\ud83d\ude00""#);
        out.clear();
        push_lexeme_ascii(&mut out, "\"é\\n\"");
        assert_eq!(out, r#""\u00e9\n""#);
    }
}
