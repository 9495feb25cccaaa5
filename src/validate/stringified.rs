//! Arguments sent as a JSON string whose content is the object (as some LLM hosts do), and
//! nested values that were stringified where the schema expects an object or array.

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::json::string::decode_string;
use crate::json::{Document, NodeKind};

/// The decoded content of a root string and where each decoded byte came from.
pub struct Unwrapped {
    /// The string's decoded content.
    pub text: String,
    /// For every byte of `text`, the offset in the outer text of the source character (an
    /// escape maps all its decoded bytes to the backslash); one more entry for the end.
    pub map: Vec<usize>,
}

/// If the document is a string whose content looks like a JSON object, its decoded content and
/// offset map. Whether the content really parses is up to the caller.
pub fn unwrap_root(doc: &Document<'_>) -> Option<Unwrapped> {
    unwrap_root_starting(doc, &['{'])
}

/// If the document is a string whose content, past leading white space, starts with one of
/// `starts`, its decoded content and offset map.
pub fn unwrap_root_starting(doc: &Document<'_>, starts: &[char]) -> Option<Unwrapped> {
    let NodeKind::String(decoded) = &doc.root.kind else {
        return None;
    };
    if !decoded.trim_start().starts_with(starts) {
        return None;
    }
    let lexeme = doc.lexeme(&doc.root);
    Some(decode_with_map(lexeme, doc.root.range.start))
}

/// Decodes a string lexeme (quotes included) that starts at byte `base` of the outer text,
/// remembering the source offset of every decoded byte.
fn decode_with_map(lexeme: &str, base: usize) -> Unwrapped {
    let body_start = usize::from(lexeme.starts_with('"'));
    let body_end = if lexeme.len() > body_start && lexeme.ends_with('"') {
        lexeme.len() - 1
    } else {
        lexeme.len()
    };
    let mut text = String::with_capacity(body_end.saturating_sub(body_start));
    let mut map = Vec::with_capacity(text.capacity() + 1);
    let mut at = body_start;
    while at < body_end {
        let rest = lexeme.get(at..body_end).unwrap_or_default();
        let Some(first) = rest.chars().next() else {
            break;
        };
        let len = if first == '\\' {
            escape_len(rest)
        } else {
            first.len_utf8()
        };
        let piece = rest.get(..len).unwrap_or(rest);
        let decoded = if first == '\\' {
            decode_string(piece).value
        } else {
            piece.to_owned()
        };
        map.extend(std::iter::repeat_n(base + at, decoded.len()));
        text.push_str(&decoded);
        at += piece.len().max(1);
    }
    map.push(base + body_end);
    Unwrapped { text, map }
}

/// Length of the escape sequence `rest` starts with: `\uD83D\uDE00` pairs are one character.
fn escape_len(rest: &str) -> usize {
    if !rest.starts_with("\\u") {
        return 2.min(rest.len());
    }
    let is_pair = rest
        .get(..12)
        .is_some_and(|pair| decode_string(pair).value.chars().count() == 1);
    if is_pair {
        12
    } else {
        6.min(rest.len())
    }
}

/// A `stringified-value` warning when a value the schema wanted as `expected` (`object` or
/// `array`) is a string whose content parses as exactly that. The value itself is not changed.
pub fn nested_warning(instance: &Value, expected: &[&str], pointer: &str) -> Option<Diagnostic> {
    let text = instance.as_str()?;
    let trimmed = text.trim_start();
    let kind = match trimmed.as_bytes().first()? {
        b'{' if expected.contains(&"object") => "object",
        b'[' if expected.contains(&"array") => "array",
        _ => return None,
    };
    let parsed: Value = serde_json::from_str(text).ok()?;
    let matches = if kind == "object" {
        parsed.is_object()
    } else {
        parsed.is_array()
    };
    matches.then(|| {
        Diagnostic::warning(
            "stringified-value",
            format!(
                "{} is a string that contains a JSON {kind}; the schema expects the {kind} itself \
                 (the caller probably stringified it)",
                super::messages::subject(pointer)
            ),
        )
        .at_pointer(pointer)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};
    use serde_json::json;

    #[test]
    fn root_string_decodes_with_offsets() {
        let outer = r#"  "{\"é\":\"\ud83d\ude00\",\n\"n\":1}""#;
        let doc = parse(outer, ReadOptions::default()).unwrap();
        let unwrapped = unwrap_root(&doc).unwrap();
        assert_eq!(unwrapped.text, "{\"é\":\"😀\",\n\"n\":1}");
        assert_eq!(unwrapped.map.len(), unwrapped.text.len() + 1);
        let one = unwrapped.text.find('1').unwrap();
        assert_eq!(
            outer.get(unwrapped.map[one]..unwrapped.map[one + 1]),
            Some("1")
        );
        let emoji = unwrapped.text.find('😀').unwrap();
        assert_eq!(
            outer.get(unwrapped.map[emoji]..unwrapped.map[emoji + 4]),
            Some("\\ud83d\\ude00")
        );
        assert_eq!(unwrapped.map.last(), Some(&(outer.len() - 1)));
    }

    #[test]
    fn only_object_like_strings_unwrap() {
        let doc = parse(r#""hello""#, ReadOptions::default()).unwrap();
        assert!(unwrap_root(&doc).is_none());
        let doc = parse("{}", ReadOptions::default()).unwrap();
        assert!(unwrap_root(&doc).is_none());
    }

    #[test]
    fn nested_warning_needs_matching_content() {
        let warning = nested_warning(&json!("{\"a\":1}"), &["object"], "/filter").unwrap();
        assert_eq!(
            (warning.code.as_str(), warning.instance_path.as_str()),
            ("stringified-value", "/filter")
        );
        assert!(nested_warning(&json!("[1]"), &["object"], "/filter").is_none());
        assert!(nested_warning(&json!("{oops"), &["object"], "/filter").is_none());
        assert!(nested_warning(&json!("[1]"), &["array", "null"], "/list").is_some());
    }
}
