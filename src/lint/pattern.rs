//! `pattern-ecma`: regular expressions that this crate's engine (Rust `fancy-regex`) accepts but
//! that ECMA-262, the dialect JSON Schema names, rejects or reads differently. Checked as the
//! MCP SDK's ajv compiles patterns, with the `u` flag. Every finding is a warning.

use crate::diagnostic::Severity;
use crate::json::NodeKind;

use super::finding::{quoted, Finding, Schema};

/// Characters that ECMA-262 lets `\` escape outside a class with the `u` flag (besides the
/// class escapes and the numbered back-references).
const SYNTAX: &str = "^$\\.*+?()[]{}|/";
/// Letters that start a valid escape.
const ESCAPE_LETTERS: &str = "dDwWsSbBfnrtv0cxupPk123456789";

/// Checks `pattern` and the keys of `patternProperties`.
pub fn check(schema: &Schema<'_>, out: &mut Vec<Finding>) {
    if let Some(member) = schema.get("pattern") {
        if let NodeKind::String(pattern) = &member.value.kind {
            if let Some(problem) = problem(pattern) {
                let finding = Finding::value(
                    &member.value,
                    schema.at("pattern"),
                    Severity::Warning,
                    "pattern-ecma",
                )
                .say(format!("pattern {}", problem.message));
                out.push(match problem.fixed {
                    Some(fixed) => finding.replace_with(quoted(&fixed)),
                    None => finding,
                });
            }
        }
    }
    let entries = schema
        .value("patternProperties")
        .and_then(|p| p.members())
        .unwrap_or_default();
    for entry in entries {
        if let Some(problem) = problem(&entry.key) {
            let pointer = format!(
                "{}/{}",
                schema.at("patternProperties"),
                crate::json::tree::escape_pointer_token(&entry.key)
            );
            let finding =
                Finding::range(entry.key_range, pointer, Severity::Warning, "pattern-ecma")
                    .say(format!("patternProperties key {}", problem.message));
            out.push(match problem.fixed {
                Some(fixed) => finding.replace_with(quoted(&fixed)),
                None => finding,
            });
        }
    }
}

/// What is wrong with a pattern, and the pattern rewritten when the rewrite is mechanical.
pub struct Problem {
    /// Says what ECMA-262 does with it, after the word "pattern".
    pub message: String,
    /// The same pattern in ECMA-262 syntax, when there is one obvious rewrite.
    pub fixed: Option<String>,
}

/// The first ECMA-262 difference in `pattern`, if any.
pub fn problem(pattern: &str) -> Option<Problem> {
    let chars: Vec<char> = pattern.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let mut in_class = false;
    let mut i = 0;
    while let Some(c) = at(i) {
        let next = at(i + 1);
        match c {
            '\\' => {
                if let Some(found) = escape(pattern, &chars, i, in_class) {
                    return Some(found);
                }
                // `\p{L}`, `\u{41}`: the braces belong to the escape, not to a quantifier.
                let braced = matches!(next, Some('p' | 'P' | 'u')) && at(i + 2) == Some('{');
                i += 2;
                if braced {
                    while at(i).is_some_and(|c| c != '}') {
                        i += 1;
                    }
                    i += 1;
                }
                continue;
            }
            '[' if in_class => {
                let what = if next == Some(':') {
                    "a POSIX class like `[:alpha:]`"
                } else {
                    "a nested class"
                };
                return Some(says(format!(
                    "has {what} inside `[...]`: ECMA-262 reads `[` there as a plain character; escape it or list the characters"
                )));
            }
            '[' => in_class = true,
            ']' if in_class => in_class = false,
            '&' | '-' | '~' if in_class && next == Some(c) && at(i + 2) != Some(']') => {
                return Some(says(format!(
                    "uses `{c}{c}` inside `[...]`, a class set operation of the Rust engine: ECMA-262 reads it as plain characters"
                )));
            }
            '(' if !in_class && next == Some('?') => {
                if let Some(found) = group(pattern, &chars, i) {
                    return Some(found);
                }
            }
            '*' | '+' | '?' | '}' if !in_class && next == Some('+') => {
                return Some(says(format!(
                    "uses the possessive quantifier `{c}+`, which ECMA-262 rejects (\"nothing to repeat\")"
                )));
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// A problem without a rewrite.
fn says(message: String) -> Problem {
    Problem {
        message,
        fixed: None,
    }
}

/// The problem of the escape at `chars[i]` (a backslash), if any.
fn escape(pattern: &str, chars: &[char], i: usize, in_class: bool) -> Option<Problem> {
    let letter = chars.get(i + 1).copied()?;
    if letter == 'x' && chars.get(i + 2) == Some(&'{') {
        return Some(Problem {
            message: "writes `\\x{...}`, which ECMA-262 rejects: write `\\u{...}`".to_owned(),
            fixed: Some(pattern.replace("\\x{", "\\u{")),
        });
    }
    if ESCAPE_LETTERS.contains(letter) || SYNTAX.contains(letter) || (in_class && letter == '-') {
        return None;
    }
    let meaning = match letter {
        'A' => " (start of text here: use `^`)",
        'z' | 'Z' => " (end of text here: use `$`)",
        'h' | 'H' | 'R' | 'K' | 'G' | 'X' | 'Q' | 'E' | 'e' | 'a' => " (a Perl escape)",
        _ => "",
    };
    let fixed = match letter {
        'A' => Some(pattern.replacen("\\A", "^", 1)),
        'z' => Some(pattern.replacen("\\z", "$", 1)),
        _ => None,
    };
    Some(Problem {
        message: format!(
            "escapes `{letter}` as `\\{letter}`{meaning}, which ECMA-262 rejects with the `u` flag and reads as a plain `{letter}` without it"
        ),
        fixed,
    })
}

/// The problem of the group opening `(?` at `chars[i]`, if any.
fn group(pattern: &str, chars: &[char], i: usize) -> Option<Problem> {
    let third = chars.get(i + 2).copied()?;
    match third {
        // Non-capturing groups, lookarounds and `(?<name>...)` are ECMA-262.
        ':' | '=' | '!' | '<' => None,
        'P' => Some(Problem {
            message: "uses a Python-style named group `(?P...)`, which ECMA-262 rejects: write `(?<name>...)` and `\\k<name>`".to_owned(),
            fixed: Some(pattern.replace("(?P<", "(?<")).filter(|p| !p.contains("(?P")),
        }),
        '>' => Some(says(
            "uses an atomic group `(?>...)`, which ECMA-262 rejects".to_owned(),
        )),
        '#' => Some(says(
            "uses a comment group `(?#...)`, which ECMA-262 rejects".to_owned(),
        )),
        _ => {
            let flags: String = chars
                .iter()
                .skip(i + 2)
                .take_while(|c| c.is_ascii_alphabetic() || **c == '-')
                .collect();
            let close = chars.get(i + 2 + flags.chars().count());
            (!flags.is_empty() && matches!(close, Some(')' | ':'))).then(|| {
                says(format!(
                    "sets inline flags `(?{flags}...)`, which ECMA-262 rejects (JSON Schema patterns have no flags): spell the cases out, e.g. `[Aa]`"
                ))
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ecma_patterns_pass() {
        for ok in [
            "^[a-z0-9_-]+$",
            "^\\d{3}-\\d{4}$",
            "(?<year>\\d{4})-\\k<year>",
            "(?:a|b)+?",
            "^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$",
            "\\p{L}+",
            "a(?=b)(?!c)(?<=d)(?<!e)",
            "[\\]\\-]",
            "^\\/path$",
        ] {
            assert!(
                problem(ok).is_none(),
                "{ok}: {:?}",
                problem(ok).map(|p| p.message)
            );
        }
    }

    #[test]
    fn rust_and_perl_syntax_is_found() {
        for (bad, fixed) in [
            ("(?P<id>\\d+)", Some("(?<id>\\d+)")),
            ("\\Aabc\\z", Some("^abc\\z")),
            ("(?i)abc", None),
            ("(?>a+)b", None),
            ("a*+", None),
            ("[[:alpha:]]", None),
            ("[a-z&&[^aeiou]]", None),
            ("\\x{41}", Some("\\u{41}")),
            ("\\_", None),
        ] {
            let found = problem(bad).unwrap_or_else(|| panic!("{bad} passed"));
            assert_eq!(found.fixed.as_deref(), fixed, "{bad}: {}", found.message);
        }
    }
}
