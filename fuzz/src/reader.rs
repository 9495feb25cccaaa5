//! Reads arbitrary text token by token. Tokens must be in order, in bounds and cover every byte
//! that is not white space or punctuation; the tree and warnings must point inside the input;
//! the verdict-only `scan` must yield the same tokens and verdict; and the reader must agree with
//! serde_json on what is JSON.
#![allow(clippy::string_slice)] // A range off a character boundary is a finding: it panics.

use super::{check_error, check_span, read_options, Dice};
use mcp_json_toolbox::json::{parse, scan, ReadOptions, Reader, Token, TokenKind};
use mcp_json_toolbox::LineIndex;

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut dice = Dice::from_bytes(data);
    let options = read_options(&mut dice);
    let index = LineIndex::new(text);
    let mut reader = Reader::new(text, options);
    let mut covered = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut tokens = Vec::new();
    let outcome = loop {
        match reader.next_token() {
            Ok(Some(token)) => {
                tokens.push(token);
                let range = token.range;
                assert!(
                    covered <= range.start && range.start < range.end && range.end <= text.len()
                );
                let gap = &text[covered..range.start];
                assert!(
                    gap.bytes().all(|b| b" \t\r\n,:".contains(&b)),
                    "uncovered {gap:?}"
                );
                let lexeme = &text[range.start..range.end];
                match token.kind {
                    TokenKind::Key | TokenKind::String => assert!(
                        lexeme.starts_with('"') && lexeme.ends_with('"') && lexeme.len() >= 2
                    ),
                    TokenKind::True => assert_eq!(lexeme, "true"),
                    TokenKind::False => assert_eq!(lexeme, "false"),
                    TokenKind::Null => assert_eq!(lexeme, "null"),
                    _ => {}
                }
                covered = range.end;
                assert!(reader.depth() <= options.max_depth);
            }
            Ok(None) => break Ok(()),
            Err(error) => break Err(error),
        }
    };
    match &outcome {
        Ok(()) => assert!(text[covered..].bytes().all(|b| b" \t\r\n".contains(&b))),
        Err(error) => check_error(text, error),
    }
    assert!(reader.warnings().len() <= options.max_warnings);

    // The verdict-only scan yields the same tokens, fails where the reader fails, and warns
    // when the reader warns of something other than a duplicate key.
    let mut scanned = Vec::new();
    let verdict = scan(text, options, |kind, range, escaped| {
        let lexeme = &text[range.start..range.end];
        assert_eq!(escaped, lexeme.contains('\\'), "escape flag of {lexeme:?}");
        scanned.push(Token { kind, range });
    });
    assert_eq!(scanned, tokens, "scan and reader yield different tokens");
    assert_eq!(
        verdict.is_some(),
        outcome.is_ok(),
        "scan and reader disagree"
    );
    if let Some(verdict) = verdict.filter(|_| reader.dropped_warnings() == 0) {
        let warned = reader.warnings().iter().any(|w| w.code != "duplicate-key");
        assert_eq!(
            verdict.warned, warned,
            "scan and reader disagree on warnings"
        );
    }
    for warning in reader.warnings() {
        check_span(text, &index, &index.span(warning.range));
        assert!(warning.range.end <= text.len());
    }

    // The tree agrees with the token stream, and its spans are in bounds.
    match parse(text, options) {
        Ok(doc) => {
            assert!(outcome.is_ok(), "tree accepted what the reader rejected");
            for diagnostic in &doc.warnings {
                if let Some(span) = &diagnostic.span {
                    check_span(text, &index, span);
                }
            }
            assert!(doc.root.range.end <= text.len());
        }
        Err(error) => {
            check_error(text, &error);
            let capped = error.code == "depth-limit" && options.max_depth > 2048;
            assert!(
                outcome.is_err() || capped,
                "tree rejected what the reader accepted: {error:?}"
            );
        }
    }

    // Differential check with serde_json (arbitrary precision: numbers of any size are fine).
    // serde_json stops at 128 levels (we compare at 100) and rejects a BOM and lone surrogates, which we accept with
    // a warning, so only compare plain documents.
    let plain = parse(
        text,
        ReadOptions {
            max_depth: 100,
            ..ReadOptions::default()
        },
    );
    let theirs = serde_json::from_str::<serde_json::Value>(text);
    match (&plain, &theirs) {
        (Ok(doc), Ok(value)) if doc.warnings.is_empty() => {
            assert_eq!(&doc.to_value(), value, "values differ from serde_json")
        }
        (Ok(doc), Err(e)) => assert!(
            !doc.warnings.is_empty(),
            "serde_json rejects ({e}) what we accept"
        ),
        (Err(error), Ok(_)) => assert_eq!(
            error.code, "depth-limit",
            "we reject what serde_json accepts: {error:?}"
        ),
        _ => {}
    }
}
