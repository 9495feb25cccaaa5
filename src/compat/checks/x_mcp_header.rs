//! Tool parameters mirrored into HTTP headers (`x-mcp-header`, 2026-07-28 Streamable HTTP): the
//! annotations of an `inputSchema` found over the one subschema walk ([`crate::schema::walk`]),
//! the spec's constraints on them ([`check`], the detector of the `mcp` target's
//! `x-mcp-header` feature, `compat-data/mcp.json`; `host::check_tool` and the session report the
//! same findings through it), and the parameters a client mirrors ([`annotated`], what
//! `host::x_mcp_header` turns into the `Mcp-Param-*` headers of a call).
//!
//! Sources, checked 2026-12-03:
//! - the 2026-07-28 Streamable HTTP transport, "Custom headers from tool parameters",
//!   <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>
//!   (modelcontextprotocol/modelcontextprotocol `docs/specification/2026-07-28/basic/transports/
//!   streamable-http.mdx`): a property annotated `"x-mcp-header": "Name"` is mirrored by the
//!   client into the header `Mcp-Param-Name`; the value MUST NOT be empty, MUST be an HTTP
//!   field-name token (`1*tchar`, RFC 9110 §5.6.2), MUST be case-insensitively unique in the
//!   `inputSchema`, MUST only be applied to properties of type integer, string or boolean
//!   (`number` is not permitted) that are statically reachable from the root through a chain of
//!   `properties` keys alone (not through `items`, `oneOf`/`anyOf`/`allOf`/`not`,
//!   `if`/`then`/`else` or `$ref`); an annotation anywhere else makes the tool invalid. A client
//!   using Streamable HTTP MUST reject such a tool: it MUST exclude it from the result of
//!   `tools/list` (and SHOULD log why).
//! - SEP-2243, <https://modelcontextprotocol.io/seps/2243-http-standardization> (Final, 2026),
//!   and the spec change that made the name an RFC 9110 token
//!   (modelcontextprotocol/modelcontextprotocol issue 2762).
//! - The reference implementation: the official Python SDK 2.3.0 (PyPI `mcp`),
//!   `mcp/shared/inbound.py` (`find_invalid_x_mcp_header`, `_walk_schema_positions`) and
//!   `mcp/client/session.py` (`_absorb_tool_listing`, which drops such a tool at 2026-07-28): an
//!   annotation counts where a chain of `properties` keys alone reaches it from the root; under
//!   any other applicator (`items`, `anyOf`, `$defs`, `additionalProperties`, …) or on the root
//!   itself the tool is invalid and its client leaves it out of `list_tools()`; `$ref` is not
//!   followed.
//!
//! Lowering ([`lower`]) removes each annotation the spec refuses: the tool is kept, and that
//! argument is mirrored into no header.
//!
//! Unverified, so not flagged: the safe-integer range the spec names for integer *values* (a
//! call's, not the schema's).

use jsonschema::Draft;
use serde_json::Value;

use crate::diagnostic::{Diagnostic, Severity};
use crate::json::{parse, Document, Node, ReadOptions};
use crate::protocol::Generation;
use crate::schema::subschemas;

use super::check::Check;
use super::edit::{take, Lowering};
use super::view::ToolView;

/// The annotation's key.
pub const KEY: &str = "x-mcp-header";
/// The finding's code (the `mcp` target's entry, `check_tool`'s finding).
pub const CODE: &str = "x-mcp-header-invalid";
/// Where the rule's source is, for the messages.
const SOURCE: &str =
    "2026-07-28 Streamable HTTP, \"Custom headers from tool parameters\"; SEP-2243";

/// One `x-mcp-header` annotation found in a schema.
struct Annotation<'d> {
    /// The `properties` keys from the root to the annotated property; `None` off that chain
    /// (under another keyword), empty on the root.
    path: Option<Vec<String>>,
    /// The annotated schema.
    schema: &'d Node,
    /// Its JSON pointer in the document.
    pointer: String,
}

/// The `properties` keys `relative` (a pointer below the root, `""` for the root) goes through,
/// when it is a chain of `properties` keys alone.
fn properties_chain(relative: &str) -> Option<Vec<String>> {
    let tokens: Vec<String> = relative
        .split('/')
        .skip(1)
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    tokens
        .chunks(2)
        .map(|pair| match pair {
            [keyword, name] if keyword == "properties" => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// Every subschema of `root` (at `pointer`) holding `x-mcp-header`, in document order.
fn annotations<'d>(root: &'d Node, pointer: &str) -> Vec<Annotation<'d>> {
    subschemas(root, pointer, Draft::Draft202012)
        .into_iter()
        .filter(|sub| sub.value.value_of(KEY).is_some())
        .map(|sub| Annotation {
            path: sub.pointer.strip_prefix(pointer).and_then(properties_chain),
            schema: sub.value,
            pointer: sub.pointer,
        })
        .collect()
}

/// Whether `name` is an RFC 9110 token (`1*tchar`, §5.6.2).
fn is_token(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// What is wrong with one annotation, if anything; `seen` holds the header names (lowercase)
/// already taken, with the property that took each.
fn problem(found: &Annotation<'_>, seen: &mut Vec<(String, String)>) -> Option<String> {
    let name = found.schema.value_of(KEY).and_then(Node::as_str);
    match (&found.path, name) {
        (None, _) => Some(format!(
            "`{KEY}` sits where only a chain of `properties` can reach a tool argument: under \
             another keyword (`items`, `anyOf`, `$defs`, …) no argument is mirrored"
        )),
        (Some(path), _) if path.is_empty() => Some(format!(
            "`{KEY}` on the root of `inputSchema`: only a property can carry it"
        )),
        (_, None) => Some(format!("`{KEY}` must be a string naming the header")),
        (_, Some(name)) if !is_token(name) => Some(format!(
            "`{KEY}` {name:?} is not an HTTP field-name token (RFC 9110 §5.6.2: letters, digits \
             and !#$%&'*+-.^_`|~, at least one)"
        )),
        (Some(path), Some(name)) => {
            let kind = found.schema.value_of("type").and_then(Node::as_str);
            let lower = name.to_ascii_lowercase();
            if !matches!(kind, Some("string" | "integer" | "boolean")) {
                Some(format!(
                    "`{KEY}` {name:?} is on a property of type {}: only string, integer and \
                     boolean arguments can be mirrored (`number` is not permitted)",
                    kind.map_or_else(|| "(none)".to_owned(), |k| format!("{k:?}"))
                ))
            } else if let Some((_, first)) = seen.iter().find(|(n, _)| *n == lower) {
                Some(format!(
                    "`{KEY}` {name:?} repeats the header of property {first:?} (header names are \
                     compared without regard to case)"
                ))
            } else {
                seen.push((lower, path.join(".")));
                None
            }
        }
    }
}

/// The findings on the `x-mcp-header` annotations of the `inputSchema` `schema` (at `pointer`)
/// of the tool named `tool`: one `x-mcp-header-invalid` per broken annotation, an error for a
/// 2026-07-28 tool list (its clients over HTTP drop the tool), a warning when the version is not
/// known, nothing before 2026-07-28 (the annotation is then only an unknown keyword).
pub fn check(
    doc: &Document<'_>,
    schema: &Node,
    pointer: &str,
    tool: Option<&str>,
    generation: Option<Generation>,
) -> Vec<Diagnostic> {
    let severity = match generation {
        Some(Generation::V2025_11_25) => return Vec::new(),
        Some(Generation::V2026_07_28) => Severity::Error,
        None => Severity::Warning,
    };
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for found in annotations(schema, pointer) {
        let Some(problem) = problem(&found, &mut seen) else {
            continue;
        };
        let at = format!("{}/{KEY}", found.pointer);
        let message = format!(
            "{problem}; a 2026-07-28 client over Streamable HTTP MUST drop this tool from its \
             tools/list ({SOURCE})"
        );
        let mut finding = Diagnostic::new(severity, CODE, message)
            .with_span(doc.span_at(&at))
            .at_pointer(at);
        if let Some(tool) = tool {
            finding = finding.about_tool(tool, found.pointer.clone());
        }
        out.push(finding);
    }
    out
}

/// The annotations of `schema` a client mirrors (a chain of `properties` from the root, a string
/// name): the `properties` path of each and the header's name, in document order.
pub fn annotated(schema: &Node) -> Vec<(Vec<String>, String)> {
    annotations(schema, "")
        .into_iter()
        .filter_map(|found| {
            let path = found.path.filter(|p| !p.is_empty())?;
            let name = found.schema.value_of(KEY).and_then(Node::as_str)?;
            Some((path, name.to_owned()))
        })
        .collect()
}

/// The detector of the `x-mcp-header` feature: [`check`] on the tool's `inputSchema`, at the
/// protocol version the document shows.
#[inline(never)]
pub(super) fn find(doc: &Document<'_>, view: &ToolView<'_>) -> Vec<Diagnostic> {
    let path = format!("{}/inputSchema", view.pointer);
    doc.pointer(&path).map_or_else(Vec::new, |schema| {
        check(doc, schema, &path, view.name, view.generation)
    })
}

/// Lowering, where the profile has the `x-mcp-header` rule: each annotation [`check`] refuses is
/// removed, so that a 2026-07-28 client keeps the tool (that argument is then mirrored into no
/// header: the server reads it from the arguments).
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, tool: &mut Value, generation: Option<Generation>) {
    if !l.has(|c| matches!(c, Check::XMcpHeader)) {
        return;
    }
    let Some(input) = tool.get_mut("inputSchema") else {
        return;
    };
    // The one definition of what is refused reads a parsed document: the schema, written out.
    let text = input.to_string();
    let Ok(doc) = parse(&text, ReadOptions::default()) else {
        return;
    };
    for found in check(&doc, &doc.root, "", None, generation) {
        let Some(at) = found.instance_path.strip_suffix(&format!("/{KEY}")) else {
            continue;
        };
        let name = input
            .pointer_mut(at)
            .and_then(Value::as_object_mut)
            .and_then(|schema| take(schema, KEY));
        let Some(name) = name else {
            continue;
        };
        let pointer = format!("/inputSchema{at}/{KEY}");
        l.change(
            pointer.clone(),
            format!("removed the `{KEY}` annotation {name}, which the spec refuses here"),
        );
        l.lose(
            pointer,
            KEY,
            "this argument is mirrored into no `Mcp-Param-…` header (a 2026-07-28 client dropped \
             the tool for the annotation): read it from the arguments",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};

    fn found(schema: &str) -> Vec<String> {
        let doc = parse(schema, ReadOptions::default()).unwrap();
        check(
            &doc,
            &doc.root,
            "",
            Some("t"),
            Some(Generation::V2026_07_28),
        )
        .into_iter()
        .map(|d| d.instance_path)
        .collect()
    }

    #[test]
    fn valid_annotations_pass_and_each_broken_one_is_found() {
        let good = r#"{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"o":{"type":"object","properties":{"n":{"type":"integer","x-mcp-header":"N"}}}}}"#;
        assert!(found(good).is_empty());
        let bad = r#"{"type":"object","x-mcp-header":"Root","properties":{
            "a":{"type":"number","x-mcp-header":"A"},
            "b":{"type":"string","x-mcp-header":"Bad Name"},
            "c":{"type":"string","x-mcp-header":"region"},
            "d":{"type":"string","x-mcp-header":"REGION"},
            "e":{"type":"array","items":{"type":"string","x-mcp-header":"E"}},
            "f":{"type":"string","x-mcp-header":""}}}"#;
        assert_eq!(
            found(bad),
            [
                "/x-mcp-header",
                "/properties/a/x-mcp-header",
                "/properties/b/x-mcp-header",
                "/properties/d/x-mcp-header",
                "/properties/e/items/x-mcp-header",
                "/properties/f/x-mcp-header",
            ]
        );
        // Before 2026-07-28 the annotation is only an unknown keyword.
        let doc = parse(bad, ReadOptions::default()).unwrap();
        assert!(check(&doc, &doc.root, "", None, Some(Generation::V2025_11_25)).is_empty());
    }

    #[test]
    fn only_a_chain_of_properties_reaches_an_argument() {
        // Every other keyword that holds subschemas, as the one walk knows them (the spec names
        // `items`, composition, conditionals and `$ref`; the Python SDK refuses any other
        // position too): `dependencies`, `items` as an array and a property named `properties`
        // included.
        let schema = r##"{"type":"object","properties":{
            "properties":{"type":"string","x-mcp-header":"P"},
            "o":{"type":"object","properties":{"p~/q":{"type":"boolean","x-mcp-header":"Q"}}},
            "l":{"type":"array","items":[{"type":"string","x-mcp-header":"L"}]},
            "r":{"$ref":"#/$defs/d"}},
          "$defs":{"d":{"type":"string","x-mcp-header":"D"}},
          "dependencies":{"o":{"properties":{"x":{"type":"string","x-mcp-header":"X"}}}},
          "anyOf":[{"properties":{"y":{"type":"string","x-mcp-header":"Y"}}}]}"##;
        assert_eq!(
            found(schema),
            [
                "/properties/l/items/0/x-mcp-header",
                "/$defs/d/x-mcp-header",
                "/dependencies/o/properties/x/x-mcp-header",
                "/anyOf/0/properties/y/x-mcp-header",
            ]
        );
        let doc = parse(schema, ReadOptions::default()).unwrap();
        let mirrored: Vec<(String, String)> = annotated(&doc.root)
            .into_iter()
            .map(|(path, name)| (path.join("."), name))
            .collect();
        let want =
            [("properties", "P"), ("o.p~/q", "Q")].map(|(p, n)| (p.to_owned(), n.to_owned()));
        assert_eq!(mirrored, want);
    }

    #[test]
    fn a_tool_without_a_version_gets_a_warning_placed_in_its_document() {
        let text = r#"{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"number","x-mcp-header":"A"}}}}"#;
        let doc = parse(text, ReadOptions::default()).unwrap();
        let schema = doc.pointer("/inputSchema").unwrap();
        let [finding] = check(&doc, schema, "/inputSchema", Some("t"), None)
            .try_into()
            .unwrap();
        assert_eq!(finding.severity, Severity::Warning);
        assert_eq!(finding.code, CODE);
        assert_eq!(
            finding.instance_path,
            "/inputSchema/properties/a/x-mcp-header"
        );
        let span = finding.span.unwrap();
        assert_eq!(text.get(span.bytes.start..span.bytes.end), Some("\"A\""));
    }
}
