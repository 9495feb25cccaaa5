//! The `uri-template` format (RFC 6570), checked strictly: `jsonschema` 0.60.2 accepts an empty
//! expression `{}`, which the RFC (and the JSON Schema Test Suite) reject.

/// Whether `text` is a syntactically valid URI Template.
pub fn is_uri_template(text: &str) -> bool {
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let used = match c {
            '{' => match rest.find('}') {
                Some(end) if rest.get(1..end).is_some_and(is_expression) => end + 1,
                _ => return false,
            },
            '%' if is_pct_encoded(rest) => 3,
            c if is_literal(c) => c.len_utf8(),
            _ => return false,
        };
        rest = rest.get(used..).unwrap_or_default();
    }
    true
}

/// A literal character outside expressions (`'` is accepted, as RFC 6570 errata 6937 allows).
fn is_literal(c: char) -> bool {
    match c {
        '!'
        | '#'
        | '$'
        | '&'
        | '\''
        | '('..=';'
        | '='
        | '?'..='['
        | ']'
        | '_'
        | 'a'..='z'
        | '~' => true,
        c => !c.is_ascii() && !c.is_control(),
    }
}

/// Whether `s` starts with `%` and two hex digits.
fn is_pct_encoded(s: &str) -> bool {
    let b = s.as_bytes();
    b.first() == Some(&b'%')
        && b.get(1).is_some_and(u8::is_ascii_hexdigit)
        && b.get(2).is_some_and(u8::is_ascii_hexdigit)
}

/// The inside of `{...}`: an optional operator, then comma-separated variable specs.
fn is_expression(body: &str) -> bool {
    let list = body
        .strip_prefix(|c| "+#./;?&=,!@|".contains(c))
        .unwrap_or(body);
    list.split(',').all(is_varspec)
}

/// `name`, `name*` or `name:N` with N in 1..=9999 without leading zero.
fn is_varspec(spec: &str) -> bool {
    let (name, modifier_ok) = if let Some(name) = spec.strip_suffix('*') {
        (name, true)
    } else if let Some((name, max)) = spec.split_once(':') {
        let ok = (1..=4).contains(&max.len())
            && max.bytes().all(|b| b.is_ascii_digit())
            && !max.starts_with('0');
        (name, ok)
    } else {
        (spec, true)
    };
    modifier_ok && !name.is_empty() && name.split('.').all(is_varname_part)
}

/// A non-empty run of letters, digits, `_` and percent-escapes.
fn is_varname_part(part: &str) -> bool {
    let mut rest = part;
    if rest.is_empty() {
        return false;
    }
    while let Some(c) = rest.chars().next() {
        let used = match c {
            '%' if is_pct_encoded(rest) => 3,
            c if c.is_ascii_alphanumeric() || c == '_' => 1,
            _ => return false,
        };
        rest = rest.get(used..).unwrap_or_default();
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_rfc_6570_templates() {
        for ok in [
            "",
            "http://example.com/{term:1}/{term}",
            "{+var}",
            "{#x,y}",
            "{var*}",
            "{a.b}",
            "{%41}",
            "a%41b",
            "a😀b",
            "{v:1000}",
        ] {
            assert!(is_uri_template(ok), "{ok}");
        }
    }

    #[test]
    fn rejects_malformed_templates() {
        for bad in [
            "{}",
            "{a,,b}",
            "{v:0}",
            "{v:01}",
            "{v:10000}",
            "foo}bar",
            "{term",
            "a b",
            "{a..b}",
            "{a,}",
            "{var=def}",
            "{,+var}",
            "%4",
        ] {
            assert!(!is_uri_template(bad), "{bad}");
        }
    }
}
