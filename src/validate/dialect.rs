//! Which JSON Schema draft a schema is written in, read from its `$schema`.

use jsonschema::Draft;
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::schema::builtin_draft;

/// The dialect a schema declares, as far as this crate cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// One of the drafts built in: 2020-12, 2019-09, draft-07, draft-06 or draft-04.
    Builtin(Draft),
    /// A meta-schema the caller registered; the `jsonschema` crate follows its `$schema` chain.
    Registered,
}

/// The dialect of `schema`: no `$schema` (or a non-object schema) means 2020-12, the MCP rule;
/// a registered meta-schema is accepted; anything else is an `unsupported-dialect` error
/// (its location is filled in by the caller).
pub fn detect(
    schema: &Value,
    is_registered: impl Fn(&str) -> bool,
) -> Result<Dialect, Box<Diagnostic>> {
    let Some(declared) = schema.get("$schema") else {
        return Ok(Dialect::Builtin(Draft::Draft202012));
    };
    // A non-string `$schema` is left to the meta-schema check, which reports it precisely.
    let Some(uri) = declared.as_str() else {
        return Ok(Dialect::Builtin(Draft::Draft202012));
    };
    if let Some(draft) = builtin_draft(uri) {
        return Ok(Dialect::Builtin(draft));
    }
    if is_registered(uri.strip_suffix('#').unwrap_or(uri)) {
        return Ok(Dialect::Registered);
    }
    Err(Box::new(
        Diagnostic::error(
        "unsupported-dialect",
        format!(
            "unsupported \"$schema\" {uri:?}: use JSON Schema 2020-12 (or omit \"$schema\"), 2019-09, \
             draft-07, draft-06 or draft-04, or register this meta-schema"
        ),
        )
        .at_pointer(""),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn known_uris_select_their_draft() {
        let none = |_: &str| false;
        assert_eq!(
            detect(&json!({}), none),
            Ok(Dialect::Builtin(Draft::Draft202012))
        );
        for (uri, draft) in [
            (
                "https://json-schema.org/draft/2020-12/schema",
                Draft::Draft202012,
            ),
            (
                "https://json-schema.org/draft/2019-09/schema#",
                Draft::Draft201909,
            ),
            ("http://json-schema.org/draft-07/schema#", Draft::Draft7),
            ("http://json-schema.org/draft-06/schema#", Draft::Draft6),
            ("http://json-schema.org/draft-04/schema#", Draft::Draft4),
        ] {
            assert_eq!(
                detect(&json!({ "$schema": uri }), none),
                Ok(Dialect::Builtin(draft)),
                "{uri}"
            );
        }
    }

    #[test]
    fn unknown_uris_are_refused_unless_registered() {
        let draft3 = json!({"$schema": "http://json-schema.org/draft-03/schema#"});
        let err = detect(&draft3, |_| false).unwrap_err();
        assert_eq!(err.code, "unsupported-dialect");
        assert!(err.message.contains("draft-03"), "{}", err.message);
        let custom = json!({"$schema": "http://example.com/meta#"});
        assert_eq!(
            detect(&custom, |uri| uri == "http://example.com/meta"),
            Ok(Dialect::Registered)
        );
    }
}
