//! Where each byte of an extracted message came from in the pasted text: a message taken as it is
//! (a log line's tail) is one piece; a message decoded from a JSON string (a HAR body) is one
//! piece per run of plain characters, every escape starting a new piece.

/// One run: `len` bytes of the message from `at` are the pasted text's bytes from `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    /// Offset in the message.
    at: usize,
    /// Offset in the pasted text.
    from: usize,
    /// Whether the run is the text as pasted (false for a decoded escape).
    verbatim: bool,
}

/// A message's source map (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// Pieces sorted by `at`; the first is at 0.
    pieces: Vec<Piece>,
    /// The message's length.
    len: usize,
}

impl SourceMap {
    /// A message that is `len` bytes of the pasted text from `from`, as they are.
    pub fn verbatim(from: usize, len: usize) -> Self {
        Self {
            pieces: vec![Piece {
                at: 0,
                from,
                verbatim: true,
            }],
            len,
        }
    }

    /// Whether the whole message is one run of the pasted text as it is (then a fix's
    /// replacement applies to the pasted text unchanged).
    pub fn is_verbatim(&self) -> bool {
        self.pieces.len() == 1 && self.pieces.iter().all(|p| p.verbatim)
    }

    /// The pasted-text offset of message offset `at` (an offset inside an escape maps to the
    /// escape's start; the end maps past the last byte's source).
    pub fn offset(&self, at: usize) -> usize {
        let index = self
            .pieces
            .partition_point(|p| p.at <= at)
            .saturating_sub(1);
        let Some(piece) = self.pieces.get(index) else {
            return 0;
        };
        if piece.verbatim {
            return piece.from.saturating_add(at.saturating_sub(piece.at));
        }
        // Inside a decoded escape: its start, or its end for the offset just past it.
        match self.pieces.get(index + 1) {
            Some(next) if at > piece.at => next.from,
            _ => piece.from,
        }
    }

    /// The map of `len` bytes of this message from `start`, as a message of their own.
    pub fn slice(&self, start: usize, len: usize) -> Self {
        let mut pieces = Vec::with_capacity(self.slice_len(start, len));
        self.slice_into(&mut pieces, start, len, 0);
        Self { pieces, len }
    }

    /// How many pieces [`SourceMap::slice`] gives for `len` bytes from `start` (to allocate once).
    fn slice_len(&self, start: usize, len: usize) -> usize {
        let (first, last) = self.slice_bounds(start, len);
        last.saturating_sub(first).max(1)
    }

    /// The pieces from the one holding `start` to the last starting before `start + len` (always
    /// the first): their indices, `first..last`.
    fn slice_bounds(&self, start: usize, len: usize) -> (usize, usize) {
        let end = start.saturating_add(len);
        let first = self
            .pieces
            .partition_point(|p| p.at <= start)
            .saturating_sub(1);
        let last = self.pieces.partition_point(|p| p.at < end).max(first + 1);
        (first, last.min(self.pieces.len()))
    }

    /// Appends to `out` the pieces of `len` bytes of this message from `start`, shifted to start
    /// at `at` (the piece of an empty slice past the last piece: where `start` maps).
    fn slice_into(&self, out: &mut Vec<Piece>, start: usize, len: usize, at: usize) {
        let (first, last) = self.slice_bounds(start, len);
        let before = out.len();
        out.extend(
            self.pieces
                .get(first..last)
                .unwrap_or_default()
                .iter()
                .map(|piece| {
                    let from_at = piece.at.max(start);
                    let from = if piece.verbatim {
                        piece.from + (from_at - piece.at)
                    } else {
                        piece.from
                    };
                    Piece {
                        at: from_at - start + at,
                        from,
                        verbatim: piece.verbatim,
                    }
                }),
        );
        if out.len() == before {
            out.push(Piece {
                at,
                from: self.offset(start),
                verbatim: true,
            });
        }
    }

    /// Several slices of this message joined by one-byte separators (`\n` between SSE `data:`
    /// lines), as a message of their own; each separator maps to the end of the slice before it.
    pub fn join(&self, parts: &[(usize, usize)]) -> Self {
        if let [(start, len)] = parts {
            return self.slice(*start, *len);
        }
        let count = parts
            .iter()
            .map(|&(start, len)| self.slice_len(start, len) + 1)
            .sum();
        let mut pieces: Vec<Piece> = Vec::with_capacity(count);
        let mut at = 0;
        for (i, &(start, len)) in parts.iter().enumerate() {
            if i > 0 {
                pieces.push(Piece {
                    at,
                    from: self.offset(start),
                    verbatim: false,
                });
                at += 1;
            }
            self.slice_into(&mut pieces, start, len, at);
            at += len;
        }
        if pieces.is_empty() {
            pieces.push(Piece {
                at: 0,
                from: 0,
                verbatim: true,
            });
        }
        Self { pieces, len: at }
    }
}

/// A message put together from parts of the pasted text and text of its own (a message rebuilt
/// from an export that stores its members apart).
#[derive(Debug, Default)]
pub struct Builder {
    /// The message so far.
    text: String,
    /// Its pieces.
    pieces: Vec<Piece>,
}

impl Builder {
    /// Appends `part`, which is the pasted text's bytes from `from` as they are.
    pub fn verbatim(&mut self, part: &str, from: usize) {
        self.push(part, from, true);
    }

    /// Appends `part`, text of the message's own, about the pasted text at `from`.
    pub fn own(&mut self, part: &str, from: usize) {
        self.push(part, from, false);
    }

    /// Appends one piece.
    fn push(&mut self, part: &str, from: usize, verbatim: bool) {
        self.pieces.push(Piece {
            at: self.text.len(),
            from,
            verbatim,
        });
        self.text.push_str(part);
    }

    /// The message and its map.
    pub fn finish(mut self) -> (String, SourceMap) {
        if self.pieces.is_empty() {
            self.push("", 0, true);
        }
        let len = self.text.len();
        (
            self.text,
            SourceMap {
                pieces: self.pieces,
                len,
            },
        )
    }
}

/// Decodes the JSON string lexeme at `text[start..end]` (quotes included, already checked by the
/// reader) with its source map.
pub fn decode_with_map(text: &str, start: usize, end: usize) -> (String, SourceMap) {
    let inner_start = start + 1;
    let inner = text
        .get(inner_start..end.saturating_sub(1).max(inner_start))
        .unwrap_or_default();
    let mut value = String::with_capacity(inner.len());
    let mut pieces = Vec::new();
    let mut rest = inner;
    let mut pos = inner_start;
    while !rest.is_empty() {
        let plain = rest.find('\\').unwrap_or(rest.len());
        if plain > 0 {
            pieces.push(Piece {
                at: value.len(),
                from: pos,
                verbatim: true,
            });
            value.push_str(rest.get(..plain).unwrap_or_default());
            rest = rest.get(plain..).unwrap_or_default();
            pos += plain;
        }
        if rest.is_empty() {
            break;
        }
        let (c, used) = escape(rest);
        pieces.push(Piece {
            at: value.len(),
            from: pos,
            verbatim: false,
        });
        value.push(c);
        rest = rest.get(used..).unwrap_or_default();
        pos += used;
    }
    if pieces.is_empty() {
        pieces.push(Piece {
            at: 0,
            from: inner_start,
            verbatim: true,
        });
    }
    // A piece after the last, so an escape at the end maps its end past itself.
    pieces.push(Piece {
        at: value.len(),
        from: pos,
        verbatim: true,
    });
    let len = value.len();
    (value, SourceMap { pieces, len })
}

/// The character of the escape `rest` starts with (`\n`, `\uXXXX`, a surrogate pair) and the
/// bytes it takes; a malformed escape is U+FFFD.
fn escape(rest: &str) -> (char, usize) {
    let bytes = rest.as_bytes();
    let simple = match bytes.get(1) {
        Some(b'"') => Some('"'),
        Some(b'\\') => Some('\\'),
        Some(b'/') => Some('/'),
        Some(b'b') => Some('\u{8}'),
        Some(b'f') => Some('\u{c}'),
        Some(b'n') => Some('\n'),
        Some(b'r') => Some('\r'),
        Some(b't') => Some('\t'),
        _ => None,
    };
    if let Some(c) = simple {
        return (c, 2);
    }
    let hex = |at: usize| {
        rest.get(at..at + 4)
            .and_then(|h| u32::from_str_radix(h, 16).ok())
    };
    let Some(high) = hex(2).filter(|_| bytes.get(1) == Some(&b'u')) else {
        let used = rest.chars().next().map_or(1, char::len_utf8);
        return (char::REPLACEMENT_CHARACTER, used.max(1));
    };
    if (0xD800..0xDC00).contains(&high) && rest.get(6..8) == Some("\\u") {
        if let Some(low) = hex(8).filter(|l| (0xDC00..0xE000).contains(l)) {
            let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
            return (
                char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER),
                12,
            );
        }
    }
    (
        char::from_u32(high).unwrap_or(char::REPLACEMENT_CHARACTER),
        6,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_escaped_string_maps_each_byte_back() {
        let text = r#"x "a\"b\u00e9c\n" y"#;
        let (value, map) = decode_with_map(text, 2, 17);
        assert_eq!(value, "a\"béc\n");
        // `a` at 3, `"` is the escape at 4, `b` at 6, `é` is the escape at 7, `c` at 13.
        assert_eq!(map.offset(0), 3);
        assert_eq!(map.offset(1), 4);
        assert_eq!(map.offset(2), 6);
        assert_eq!(map.offset(3), 7);
        assert_eq!(map.offset(5), 13);
        assert_eq!(map.offset(6), 14);
        assert_eq!(map.offset(value.len()), 16);
        assert!(!map.is_verbatim());
    }

    #[test]
    fn slices_and_joins_keep_the_sources() {
        let text = r#""ab\ncd\nef""#;
        let (value, map) = decode_with_map(text, 0, text.len());
        assert_eq!(value, "ab\ncd\nef");
        let slice = map.slice(3, 2);
        assert_eq!((slice.offset(0), slice.offset(1)), (5, 6));
        let joined = map.join(&[(0, 2), (6, 2)]);
        assert_eq!(joined.offset(0), 1);
        assert_eq!(joined.offset(3), 9);
        assert_eq!(joined.offset(4), 10);
        let plain = SourceMap::verbatim(10, 5);
        assert!(plain.is_verbatim());
        assert_eq!(plain.offset(5), 15);
    }
}
