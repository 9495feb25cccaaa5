//! The lines of a pasted text with their offsets: what every line-based reader and the redaction
//! walk. A leaf of `host::logs` (it imports nothing), so that the lowest modules can use it.

/// Each line of `text` without its line break, with the byte offset it starts at.
pub(super) fn lines_with_offsets(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').scan(0, |start, line| {
        let at = *start;
        *start += line.len();
        Some((at, line.trim_end_matches(['\n', '\r'])))
    })
}
