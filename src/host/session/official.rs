//! Every message checked against the official schema of the protocol version the session
//! negotiated (`official-schema`): one validation per message, against the definition its method
//! names ([`crate::protocol::kinds`]), with the engine's cached validators
//! ([`crate::validate::official`]).
//!
//! The version is the `protocolVersion` of the `initialize` result; before that answer, the one
//! the `initialize` request offers; without `initialize` (or for a version whose schema is not
//! embedded, e.g. 2025-06-18), nothing is checked. Source: the lifecycle's version negotiation,
//! <https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation>
//! (checked 2026-12-02).

use crate::diagnostic::{Diagnostic, Severity};
use crate::host::session::dispatch::Dispatch;
use crate::json::{Node, NodeKind};
use crate::protocol::kinds::{error_kind_in, method_kind_in, result_kind_in};
use crate::protocol::messages::Message;
use crate::protocol::Generation;
use crate::validate::official;

/// The protocol version a session's messages are checked against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Negotiation {
    /// No `initialize` seen: nothing is checked.
    #[default]
    Unknown,
    /// The version an `initialize` request offered (`None`: not one whose schema is embedded).
    Offered(Option<Generation>),
    /// The version the `initialize` result chose.
    Negotiated(Option<Generation>),
}

impl Negotiation {
    /// The version to check against, if known and embedded.
    fn version(self) -> Option<Generation> {
        match self {
            Self::Unknown => None,
            Self::Offered(version) | Self::Negotiated(version) => version,
        }
    }
}

/// The embedded generation named by the `protocolVersion` member of `node`, and whether there
/// is such a string member at all.
fn protocol_version(node: Option<&Node>) -> Option<Option<Generation>> {
    let version = node?.value_of("protocolVersion")?.as_str()?;
    Some(Generation::from_version(version))
}

impl Dispatch<'_, '_, '_> {
    /// An `initialize` request: its offered version applies until the answer negotiates one.
    pub(super) fn version_offered(&mut self, request: &Node) {
        let offered = protocol_version(request.value_of("params"));
        if let (Some(offered), false) = (offered, self.negotiated()) {
            self.session.negotiation = Negotiation::Offered(offered);
        }
    }

    /// The `initialize` result at `/result`: the version it names is the session's.
    pub(super) fn version_negotiated(&mut self) {
        if let Some(chosen) = protocol_version(self.doc.root.value_of("result")) {
            self.session.negotiation = Negotiation::Negotiated(chosen);
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
        let root = &doc.root;
        let (kind, node, pointer) = match *message {
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
                let (Some(method), Some(result)) = (answered, root.value_of("result")) else {
                    return;
                };
                (result_kind_in(version, method, result), result, "/result")
            }
            Message::ErrorResponse { .. } => {
                let code = root
                    .value_of("error")
                    .and_then(|e| e.value_of("code"))
                    .filter(|c| matches!(c.kind, NodeKind::Number))
                    .and_then(|c| doc.lexeme(c).parse().ok());
                let kind = code.and_then(|code| error_kind_in(version, code, true));
                (kind.unwrap_or("JSONRPCErrorResponse"), root, "")
            }
            Message::Other => return,
        };
        let Some(found) = official::check(version, kind, doc.lexeme(node), doc, pointer) else {
            return;
        };
        let found = found
            .into_iter()
            .map(|d| official_finding(d, kind, version))
            .collect();
        self.found(found);
    }
}

/// A violation of definition `kind` of `version` as an `official-schema` error (the failing
/// keyword is in its `keyword_location`, a place in the official schema, not in a pushed text).
fn official_finding(violation: Diagnostic, kind: &str, version: Generation) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        code: "official-schema".to_owned(),
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
}
