//! Checking that bytes are the UTF-8 text JSON must be, with a positioned error when not.

use crate::json::error::JsonError;

/// The bytes as text, or an `invalid-utf8` [`JsonError`] at the first byte that is not UTF-8
/// (its line and column count the valid text before it).
pub fn from_utf8(bytes: &[u8]) -> Result<&str, JsonError> {
    std::str::from_utf8(bytes).map_err(|e| invalid_utf8(bytes, &e))
}

/// The error for `bytes`, which `error` says are not UTF-8.
fn invalid_utf8(bytes: &[u8], error: &std::str::Utf8Error) -> JsonError {
    let at = error.valid_up_to();
    let valid = bytes
        .get(..at)
        .and_then(|b| std::str::from_utf8(b).ok())
        .unwrap_or_default();
    let message = if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        "the input is not UTF-8: it starts with a UTF-16 byte order mark; JSON text must be UTF-8"
            .to_owned()
    } else {
        match (error.error_len(), bytes.get(at)) {
            (Some(_), Some(byte)) => format!(
                "invalid UTF-8: byte 0x{byte:02X} at byte offset {at} is not part of a valid character; JSON text must be UTF-8"
            ),
            _ => format!(
                "invalid UTF-8: the input ends inside a multi-byte character starting at byte offset {at}"
            ),
        }
    };
    JsonError::at(valid, at, "invalid-utf8", message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_text_passes_through() {
        assert_eq!(from_utf8("{\"é\": 1}".as_bytes()), Ok("{\"é\": 1}"));
    }

    #[test]
    fn the_first_bad_byte_is_positioned() {
        let e = from_utf8(b"{\n  \"\xc3\xa9\xff\": 1}").unwrap_err();
        assert_eq!(e.code, "invalid-utf8");
        assert_eq!(
            (e.line, e.column, e.byte_column, e.byte_offset),
            (2, 5, 6, 7)
        );
        assert!(
            e.message.contains("byte 0xFF at byte offset 7"),
            "{}",
            e.message
        );
        assert_eq!(e.snippet, "  \"é\n    ^");
    }

    #[test]
    fn truncated_characters_and_utf16_are_named() {
        let e = from_utf8(b"\"\xe2\x82").unwrap_err();
        assert!(e
            .message
            .contains("ends inside a multi-byte character starting at byte offset 1"));
        assert_eq!((e.line, e.column), (1, 2));
        let e = from_utf8(b"\xff\xfe[\x00]\x00").unwrap_err();
        assert!(
            e.message.contains("UTF-16 byte order mark"),
            "{}",
            e.message
        );
        assert_eq!((e.line, e.column), (1, 1));
    }
}
