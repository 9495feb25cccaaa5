//! WebMCP (`navigator.modelContext.registerTool`).
//!
//! Sources checked 2026-12-02: the rules' own links.

use super::rule::{Check, Effect, Rule};

/// `outputSchema` is not part of WebMCP: it is ignored.
///
/// Source (checked 2026-12-02):
/// <https://github.com/beaufortfrancois/model-context-tool-inspector/pull/25> ("outputSchema is
/// still not in WebMCP spec, nor implemented in Chromium").
pub const OUTPUT_SCHEMA: Rule = Rule {
    code: "webmcp/output-schema-ignored",
    effect: Effect::Rewritten,
    check: Check::IgnoredMember("outputSchema"),
    seen: None,
    fix: Some("describe the result in the description; check it in the page"),
};

/// Registering a second tool under a name already registered fails.
///
/// Source (checked 2026-12-02): the web-platform test
/// `webmcp/imperative/duplicate_tool_registration.https.window.js`
/// (<https://searchfox.org/firefox-main/source/testing/web-platform/meta/webmcp/imperative>), read
/// from its name and listing, not its body.
pub const DUPLICATE_NAME: Rule = Rule {
    code: "webmcp/duplicate-name",
    effect: Effect::Rejected,
    check: Check::DuplicateName,
    seen: None,
    fix: Some("give each tool its own name"),
};

/// WebMCP's rules.
pub const RULES: &[Rule] = &[OUTPUT_SCHEMA, DUPLICATE_NAME];
