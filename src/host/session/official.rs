//! Every message checked against the official schema of the protocol version the session
//! negotiated (`official-schema`): one validation per message, against the definition its method
//! names ([`crate::protocol::kinds`]), with the engine's cached validators
//! ([`crate::validate::official`]).
//!
//! The version, by the first signal that applies:
//! 1. `initialize` (2025-11-25 and earlier): the `protocolVersion` of the `initialize` result;
//!    before that answer, the one the `initialize` request offers. Source: the lifecycle's
//!    version negotiation,
//!    <https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation>
//!    (checked 2026-12-02). Once an `initialize` is seen, no other signal changes the version.
//! 2. Without `initialize` (2026-07-28 has none): the version a request declares in
//!    `params._meta["io.modelcontextprotocol/protocolVersion"]` — that request is checked against
//!    it, and it stays in force for the messages after it (notifications, responses) until a
//!    later request declares another. The per-request declaration wins over `server/discover`:
//!    it is the version "being used for this request" (`RequestMetaObject`, its
//!    `io.modelcontextprotocol/protocolVersion` property, `schemas/mcp/2026-07-28.schema.json`
//!    line 2704; <https://modelcontextprotocol.io/specification/2026-07-28/server/discover>,
//!    checked 2026-12-02), while the discover result only lists what the server supports.
//!    A request declaring a version other than the one in force is *not* flagged: the schema
//!    requires the declaration to match only the HTTP `MCP-Protocol-Version` header (not in a
//!    transcript), and capabilities too are per request ("Servers MUST NOT infer capabilities
//!    from prior requests", `io.modelcontextprotocol/clientCapabilities`, same definition) — no
//!    clause binds a request to an earlier request's version.
//! 3. A `server/discover` result while no version is in force (its request declared none): the
//!    newest embedded version among its `supportedVersions` (`DiscoverResult`, schema.json line
//!    739: "The client should choose a version from this list for use in subsequent requests"),
//!    until a request declares one.
//!
//! Every published version is embedded (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25,
//! 2026-07-28, [`Version`]). For a version named but not published (e.g. `2099-01-01`), or with no
//! signal, nothing is checked; the report says which ([`crate::host::session::ProtocolCheck`]).
//!
//! Hints folded in where a message breaks its definition (the payload classifier's, said once
//! here): `null-id` (error) instead of the schema's complaint about a null `id`, and
//! `schema-version` (error) when another embedded version's definition accepts the message (see
//! [`other_version`]).

use crate::diagnostic::{Diagnostic, Severity};
use crate::host::diagnostic_at;
use crate::host::session::dispatch::Dispatch;
use crate::host::session::negotiation::Negotiation;
use crate::json::{Document, Node, NodeKind};
use crate::protocol::kinds::{error_kind_in, method_kind_in, result_kind_in};
use crate::protocol::messages::{meta, Message, PROTOCOL_VERSION};
use crate::protocol::{Version, VERSIONS};
use crate::validate::official;

/// The `protocolVersion` string member of `node`.
fn protocol_version(node: Option<&Node>) -> Option<&str> {
    node?.value_of("protocolVersion")?.as_str()
}

impl Dispatch<'_, '_, '_> {
    /// An `initialize` request: its offered version applies until the answer negotiates one.
    pub(super) fn version_offered(&mut self, request: &Node) {
        let offered = protocol_version(request.value_of("params"));
        if let (Some(offered), false) = (offered, self.negotiated()) {
            self.session.negotiation = Negotiation::Offered(offered.into());
        }
    }

    /// The `initialize` result at `/result`: the version it names is the session's.
    pub(super) fn version_negotiated(&mut self) {
        if let Some(chosen) = protocol_version(self.doc.root.value_of("result")) {
            self.session.negotiation = Negotiation::Negotiated(chosen.into());
        }
    }

    /// A request outside an `initialize` session: the version its
    /// `params._meta["io.modelcontextprotocol/protocolVersion"]` declares is in force from it on.
    pub(super) fn version_declared(&mut self, request: &Node) {
        if self.session.negotiation.by_initialize() {
            return;
        }
        let declared = request
            .value_of("params")
            .and_then(|params| meta(params, PROTOCOL_VERSION))
            .and_then(Node::as_str);
        if let Some(declared) = declared {
            self.session.negotiation = Negotiation::Declared(declared.into());
        }
    }

    /// A `server/discover` result while no version is in force: the newest embedded version its
    /// `supportedVersions` lists.
    pub(super) fn versions_discovered(&mut self) {
        if self.session.negotiation != Negotiation::Unknown {
            return;
        }
        let supported = self
            .doc
            .root
            .value_of("result")
            .and_then(|result| result.value_of("supportedVersions"))
            .and_then(Node::elements)
            .unwrap_or_default();
        let newest = VERSIONS.into_iter().rev().find(|version| {
            supported
                .iter()
                .any(|listed| listed.as_str() == Some(version.as_str()))
        });
        if let Some(newest) = newest {
            self.session.negotiation = Negotiation::Declared(newest.as_str().into());
        }
    }

    /// Whether an `initialize` result already chose the version.
    fn negotiated(&self) -> bool {
        matches!(self.session.negotiation, Negotiation::Negotiated(_))
    }

    /// Checks this message (`message`; `answered`: the method of the request a response
    /// answers) against its official definition in the session's version.
    pub(super) fn check_official(&mut self, message: &Message<'_>, answered: Option<&str>) {
        let Some(version) = self.session.negotiation.version() else {
            return;
        };
        let doc = self.doc;
        let Some((kind, node, pointer)) = definition(doc, version, message, answered) else {
            return;
        };
        let Some(found) = official::check(version, kind, doc.lexeme(node), doc, pointer) else {
            return;
        };
        if found.is_empty() {
            return;
        }
        let null_id = doc
            .root
            .value_of("id")
            .is_some_and(|id| id.kind == NodeKind::Null);
        let mut out: Vec<Diagnostic> = found
            .into_iter()
            .filter(|d| !(null_id && d.instance_path == "/id"))
            .map(|d| official_finding(d, kind, version))
            .collect();
        if null_id {
            let message = "`id` is null: MCP request ids are a string or an integer (an error response that cannot name its request omits `id`)";
            out.push(diagnostic_at(
                doc,
                Severity::Error,
                "null-id",
                message.into(),
                "/id".into(),
            ));
        }
        out.extend(other_version(doc, version, message, answered));
        self.found(out);
    }
}

/// The official definition a message is checked as in `version`, the node validated and its
/// pointer.
fn definition<'d>(
    doc: &'d Document<'_>,
    version: Version,
    message: &Message<'_>,
    answered: Option<&str>,
) -> Option<(&'static str, &'d Node, &'static str)> {
    let root = &doc.root;
    Some(match *message {
        Message::Request { method, .. } => (
            method_kind_in(version, method).unwrap_or("JSONRPCRequest"),
            root,
            "",
        ),
        Message::Notification { method } => (
            method_kind_in(version, method).unwrap_or("JSONRPCNotification"),
            root,
            "",
        ),
        Message::Response { .. } => {
            let (method, result) = (answered?, root.value_of("result")?);
            (result_kind_in(version, method, result), result, "/result")
        }
        Message::ErrorResponse { .. } => {
            let code = root
                .value_of("error")
                .and_then(|e| e.value_of("code"))
                .filter(|c| matches!(c.kind, NodeKind::Number))
                .and_then(|c| doc.lexeme(c).parse().ok());
            let kind = code.and_then(|code| error_kind_in(version, code, true));
            (kind.unwrap_or(generic_error(version)), root, "")
        }
        Message::Other => return None,
    })
}

/// The generic error response definition of `version`: `JSONRPCErrorResponse`, named
/// `JSONRPCError` before 2025-11-25.
fn generic_error(version: Version) -> &'static str {
    if version < Version::V2025_11_25 {
        "JSONRPCError"
    } else {
        "JSONRPCErrorResponse"
    }
}

/// `schema-version` (error): a message that breaks its definition in the negotiated `version`
/// but satisfies the same definition in another version — sent for the wrong protocol version
/// (a version without the definition, e.g. 2026-07-28 for an `InitializeRequest`, whose generic
/// `JSONRPCRequest` any request satisfies, says nothing). The other
/// versions asked are the task generations (2025-11-25, 2026-07-28) and any version newer than
/// the negotiated one: an older schema, written before a member existed, accepts it as an
/// unknown member, which says nothing of the version it was sent for. An error response valid
/// as the negotiated version's generic error response is never one, whatever newer definition
/// its code also matches (e.g. a -32021 refusal at 2025-11-25).
fn other_version(
    doc: &Document<'_>,
    version: Version,
    message: &Message<'_>,
    answered: Option<&str>,
) -> Option<Diagnostic> {
    if let Message::ErrorResponse { .. } = message {
        let generic = official::check(
            version,
            generic_error(version),
            doc.lexeme(&doc.root),
            doc,
            "",
        );
        if generic.is_none_or(|found| found.is_empty()) {
            return None;
        }
    }
    let (kind, ..) = definition(doc, version, message, answered)?;
    let others: Vec<&str> = VERSIONS
        .into_iter()
        .filter(|&other| other != version && (other.generation().is_some() || other > version))
        .filter(|&other| {
            definition(doc, other, message, answered).is_some_and(|(named, node, pointer)| {
                named == kind
                    && official::check(other, named, doc.lexeme(node), doc, pointer)
                        .is_some_and(|found| found.is_empty())
            })
        })
        .map(Version::as_str)
        .collect();
    if others.is_empty() {
        return None;
    }
    let message = format!(
        "this {kind} satisfies the official schema of {} but not of the negotiated {}",
        others.join(", "),
        version.as_str()
    );
    Some(diagnostic_at(
        doc,
        Severity::Error,
        "schema-version",
        message,
        String::new(),
    ))
}

/// A violation of definition `kind` of `version` as an `official-schema` error (the failing
/// keyword is in its `keyword_location`, a place in the official schema, not in a pushed text).
fn official_finding(violation: Diagnostic, kind: &str, version: Version) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        message: format!(
            "not a valid {kind} of protocol {}: {}",
            version.as_str(),
            violation.message
        ),
        schema_span: None,
        fix: None,
        children: Vec::new(),
        ..violation
    }
    .with_code("official-schema")
}
