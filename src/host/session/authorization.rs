//! The authorization path of a protected server, as a client saw it ([`AuthorizationPath`]): the
//! answer that asked for authorization, the protected resource metadata it fetched, the
//! authorization server metadata. A host that signs in (`check-server`, the HTTP proxy) tells its
//! session what it fetched; the session decides what the server or its authorization server got
//! wrong ([`AuthorizationPath::findings`]). Every finding is an error: each breaks a MUST, and
//! each but the first makes an MCP client refuse to go on.
//!
//! Codes and their sources (checked 2026-12-06):
//! - `auth-challenge-missing`: a 401 without `WWW-Authenticate`. RFC 9110 §15.5.2: "The server
//!   generating a 401 response MUST send a WWW-Authenticate header field … containing at least one
//!   challenge" <https://www.rfc-editor.org/rfc/rfc9110#section-15.5.2>.
//! - `auth-resource-metadata-missing`: the challenge names a `resource_metadata` URL, and no
//!   protected resource metadata is there nor at the well-known URLs. MCP 2025-11-25
//!   authorization, "Authorization Server Discovery": "MCP servers MUST implement the OAuth 2.0
//!   Protected Resource Metadata (RFC9728) specification"
//!   <https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization>. Without a
//!   `resource_metadata` in the challenge it is not said: a 2025-03-26 server has no such
//!   metadata (its clients fall back to the server's origin), and the version is not known yet
//!   when the first request is refused.
//! - `auth-resource-metadata-invalid`: the document is not a JSON object, has no `resource`
//!   (RFC 9728 §2: REQUIRED <https://www.rfc-editor.org/rfc/rfc9728#section-2>), or no
//!   `authorization_servers` with at least one (MCP 2025-11-25: "MUST include the
//!   authorization_servers field containing at least one authorization server").
//! - `auth-resource-mismatch`: its `resource` is not the server's: RFC 9728 §3.3, the `resource`
//!   "MUST be identical" to the resource the metadata was fetched for, and clients MUST NOT use
//!   metadata that fails it <https://www.rfc-editor.org/rfc/rfc9728#section-3.3>. Said only when
//!   it names another origin or a path the server's URL is not under (what the official
//!   TypeScript SDK's `checkResourceAllowed` refuses, `@modelcontextprotocol/client` 2.4.0):
//!   a trailing slash or a parent path is left alone, so that no lenient reading is a finding.
//! - `auth-issuer-mismatch`: the authorization server metadata's `issuer` is not the
//!   authorization server's identifier it was fetched for (the first of the protected resource
//!   metadata's `authorization_servers`, the one clients use). RFC 8414 §3.3: "The issuer value
//!   returned MUST be identical to the authorization server's issuer identifier value into which
//!   the well-known URI string was inserted"; if not, it "MUST NOT be used"
//!   <https://www.rfc-editor.org/rfc/rfc8414#section-3.3> (one trailing slash apart is left
//!   alone, as the SDK leaves it).
//! - `auth-pkce-missing`: the metadata has no `code_challenge_methods_supported` with `S256`.
//!   MCP 2025-11-25, "Authorization Code Protection": "If code_challenge_methods_supported is
//!   absent, the authorization server does not support PKCE and MCP clients MUST refuse to
//!   proceed"; clients "MUST use the S256 code challenge method".

use serde::Deserialize;
use serde_json::Value;

use crate::diagnostic::Diagnostic;

/// One metadata document as a client fetched it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "AuthorizationFetch"))]
#[serde(deny_unknown_fields)]
pub struct Fetched {
    /// The URL requested.
    pub url: String,
    /// The HTTP status of the answer (0: none, the request failed).
    pub status: u16,
    /// The answer's body, for a 2xx answer.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    pub body: Option<String>,
}

/// The authorization path of one server, as a client saw it: what a host that signed in to a
/// protected server tells its session (`authorization`, `runAuthorization`) about it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AuthorizationPath {
    /// The MCP endpoint (the protected resource).
    pub url: String,
    /// The status of the answer that asked for authorization (401, or 403).
    pub status: u16,
    /// Its `WWW-Authenticate` header, if any.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    pub challenge: Option<String>,
    /// The protected resource metadata requests, in order (the last 2xx one is the document).
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub resource_metadata: Vec<Fetched>,
    /// The authorization server metadata requests, in order (the last 2xx one is the document).
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub server_metadata: Vec<Fetched>,
}

impl AuthorizationPath {
    /// Reads the path from JSON (see the fields, camelCase); an error names what is wrong.
    pub fn from_json(value: &Value) -> Result<Self, String> {
        Self::deserialize(value).map_err(|e| format!("an authorization path: {e}"))
    }

    /// What the server and its authorization server got wrong (see the module doc).
    pub fn findings(&self) -> Vec<Diagnostic> {
        let mut found = Vec::new();
        if self.status == 401
            && self
                .challenge
                .as_deref()
                .is_none_or(|c| c.trim().is_empty())
        {
            found.push(Diagnostic::error(
                "auth-challenge-missing",
                format!(
                    "{} answered 401 without a WWW-Authenticate header (RFC 9110 §15.5.2: a 401 \
                     MUST carry one; MCP clients find the resource metadata through it)",
                    self.url
                ),
            ));
        }
        if let Some(problem) = self.resource_problem() {
            found.push(problem);
        }
        found.extend(self.server_problems(self.authorization_server().as_deref()));
        found
    }

    /// The authorization server the protected resource metadata names first, if any.
    fn authorization_server(&self) -> Option<String> {
        let (_, body) = last_document(&self.resource_metadata)?;
        let document: Value = serde_json::from_str(body).ok()?;
        let first = document.get("authorization_servers")?.as_array()?.first()?;
        first.as_str().map(str::to_owned)
    }

    /// What is wrong with the protected resource metadata, if anything.
    fn resource_problem(&self) -> Option<Diagnostic> {
        if self.resource_metadata.is_empty() {
            return None; // not looked for (the client stopped before)
        }
        let Some((fetched, body)) = last_document(&self.resource_metadata) else {
            if !self
                .challenge
                .as_deref()
                .is_some_and(|c| c.contains("resource_metadata="))
            {
                return None; // perhaps a 2025-03-26 server (see the module doc)
            }
            let tried: Vec<String> = self
                .resource_metadata
                .iter()
                .map(|f| format!("{} (HTTP {})", f.url, f.status))
                .collect();
            return Some(Diagnostic::error(
                "auth-resource-metadata-missing",
                format!(
                    "{} asks for authorization but serves no protected resource metadata (MCP \
                     2025-11-25 authorization: servers MUST implement RFC 9728); tried {}",
                    self.url,
                    tried.join(", ")
                ),
            ));
        };
        let invalid = |why: &str| {
            Some(Diagnostic::error(
                "auth-resource-metadata-invalid",
                format!("the protected resource metadata at {}: {why}", fetched.url),
            ))
        };
        let Ok(Value::Object(document)) = serde_json::from_str::<Value>(body) else {
            return invalid("not a JSON object (RFC 9728 §3.2)");
        };
        let Some(resource) = document.get("resource").and_then(Value::as_str) else {
            return invalid("no \"resource\" (RFC 9728 §2: REQUIRED)");
        };
        let servers = document
            .get("authorization_servers")
            .and_then(Value::as_array);
        if !servers.is_some_and(|s| s.iter().any(Value::is_string)) {
            return invalid(
                "no \"authorization_servers\" (MCP 2025-11-25 authorization: MUST name at least one)",
            );
        }
        if !resource_allowed(&self.url, resource) {
            return Some(Diagnostic::error(
                "auth-resource-mismatch",
                format!(
                    "the protected resource metadata at {} is for {resource:?}, not {} (RFC 9728 \
                     §3.3: it MUST be the resource's own; MCP clients refuse it)",
                    fetched.url, self.url
                ),
            ));
        }
        None
    }

    /// What is wrong with the authorization server metadata.
    fn server_problems(&self, expected: Option<&str>) -> Vec<Diagnostic> {
        let Some((fetched, body)) = last_document(&self.server_metadata) else {
            return Vec::new();
        };
        let Ok(Value::Object(document)) = serde_json::from_str::<Value>(body) else {
            return Vec::new();
        };
        let mut found = Vec::new();
        let issuer = document.get("issuer").and_then(Value::as_str);
        if let (Some(expected), Some(issuer)) = (expected, issuer) {
            if !issuers_match(expected, issuer) {
                found.push(Diagnostic::error(
                    "auth-issuer-mismatch",
                    format!(
                        "the authorization server metadata at {} names issuer {issuer:?}, not \
                         {expected:?} (RFC 8414 §3.3: it MUST be identical; MCP clients refuse it)",
                        fetched.url
                    ),
                ));
            }
        }
        let methods = document
            .get("code_challenge_methods_supported")
            .and_then(Value::as_array);
        if !methods.is_some_and(|m| m.iter().any(|v| v.as_str() == Some("S256"))) {
            found.push(Diagnostic::error(
                "auth-pkce-missing",
                format!(
                    "the authorization server metadata at {} has no code_challenge_methods_supported \
                     with S256: MCP clients MUST refuse to proceed (MCP 2025-11-25 authorization, \
                     Authorization Code Protection)",
                    fetched.url
                ),
            ));
        }
        found
    }
}

/// The last 2xx answer with a body.
fn last_document(fetched: &[Fetched]) -> Option<(&Fetched, &str)> {
    fetched
        .iter()
        .rev()
        .filter(|f| (200..300).contains(&f.status))
        .find_map(|f| f.body.as_deref().map(|b| (f, b)))
}

/// Whether two issuer identifiers are the same, one trailing slash apart.
fn issuers_match(a: &str, b: &str) -> bool {
    a.trim_end_matches('/') == b.trim_end_matches('/') && a.len().abs_diff(b.len()) <= 1
}

/// An `http(s)` URL's origin (scheme and authority, lowercase) and path (without query or
/// fragment; `/` when empty).
fn split_url(url: &str) -> Option<(String, &str)> {
    let (scheme, rest) = url.split_once("://")?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let path = tail.split(['?', '#']).next().unwrap_or_default();
    let origin = format!(
        "{}://{}",
        scheme.to_ascii_lowercase(),
        authority.to_ascii_lowercase()
    );
    Some((origin, if path.is_empty() { "/" } else { path }))
}

/// Whether metadata for `resource` may serve the server at `server`: the same origin, and the
/// server's path under the resource's (`/` ends both as a segment boundary).
fn resource_allowed(server: &str, resource: &str) -> bool {
    let (Some((server_origin, server_path)), Some((origin, path))) =
        (split_url(server), split_url(resource))
    else {
        return false;
    };
    let under = |p: &str| {
        if p.ends_with('/') {
            p.to_owned()
        } else {
            format!("{p}/")
        }
    };
    server_origin == origin && under(server_path).starts_with(&under(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(json: &str) -> AuthorizationPath {
        AuthorizationPath::from_json(&serde_json::from_str(json).unwrap()).unwrap()
    }

    fn codes(json: &str) -> Vec<String> {
        path(json).findings().into_iter().map(|d| d.code).collect()
    }

    const PRM: &str = r#"{"url":"http://a/.well-known/oauth-protected-resource/mcp","status":200,"body":"{\"resource\":\"http://a/mcp\",\"authorization_servers\":[\"http://a\"]}"}"#;
    const ASM: &str = r#"{"url":"http://a/.well-known/oauth-authorization-server","status":200,"body":"{\"issuer\":\"http://a\",\"code_challenge_methods_supported\":[\"S256\"]}"}"#;

    #[test]
    fn a_right_path_has_no_finding() {
        let json = format!(
            r#"{{"url":"http://a/mcp","status":401,"challenge":"Bearer resource_metadata=\"x\"","resourceMetadata":[{PRM}],"serverMetadata":[{ASM}]}}"#
        );
        assert_eq!(codes(&json), Vec::<String>::new());
        // Nothing fetched yet: nothing said about what was not seen.
        assert_eq!(
            codes(r#"{"url":"http://a/mcp","status":403,"challenge":null}"#),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_401_without_a_challenge() {
        let found = path(r#"{"url":"http://a/mcp","status":401}"#).findings();
        assert_eq!(found[0].code, "auth-challenge-missing");
        assert_eq!(serde_json::to_value(found[0].severity).unwrap(), "error");
        assert!(found[0].message.contains("RFC 9110"));
    }

    #[test]
    fn resource_metadata_missing_invalid_or_for_another_resource() {
        let missing = r#"{"url":"http://a/mcp","status":401,"challenge":"Bearer resource_metadata=\"http://a/p\"","resourceMetadata":[{"url":"http://a/.well-known/oauth-protected-resource/mcp","status":404},{"url":"http://a/.well-known/oauth-protected-resource","status":404}]}"#;
        let found = path(missing).findings();
        assert_eq!(found[0].code, "auth-resource-metadata-missing");
        assert!(found[0]
            .message
            .contains("oauth-protected-resource (HTTP 404)"));
        // No resource_metadata in the challenge: perhaps a 2025-03-26 server, nothing said.
        let legacy = missing.replace(r#" resource_metadata=\"http://a/p\""#, "");
        assert_eq!(codes(&legacy), Vec::<String>::new());
        let with = |body: &str| {
            let body = serde_json::to_string(body).unwrap();
            codes(&format!(
                r#"{{"url":"http://a/mcp","status":401,"challenge":"Bearer","resourceMetadata":[{{"url":"http://a/p","status":200,"body":{body}}}]}}"#
            ))
        };
        assert_eq!(with("[]"), ["auth-resource-metadata-invalid"]);
        assert_eq!(
            with(r#"{"authorization_servers":["http://a"]}"#),
            ["auth-resource-metadata-invalid"]
        );
        assert_eq!(
            with(r#"{"resource":"http://a/mcp","authorization_servers":[]}"#),
            ["auth-resource-metadata-invalid"]
        );
        assert_eq!(
            with(r#"{"resource":"http://b/mcp","authorization_servers":["http://a"]}"#),
            ["auth-resource-mismatch"]
        );
        assert_eq!(
            with(r#"{"resource":"http://a/other","authorization_servers":["http://a"]}"#),
            ["auth-resource-mismatch"]
        );
        assert_eq!(
            with(r#"{"resource":"http://a/mc","authorization_servers":["http://a"]}"#),
            ["auth-resource-mismatch"]
        );
        // The origin, a parent path, a trailing slash: lenient readings, no finding.
        for resource in ["http://a", "http://A/", "http://a/mcp/", "http://a/mcp"] {
            let body =
                format!(r#"{{"resource":"{resource}","authorization_servers":["http://a"]}}"#);
            assert_eq!(with(&body), Vec::<String>::new(), "{resource}");
        }
    }

    #[test]
    fn authorization_server_metadata_issuer_and_pkce() {
        let with = |expected: &str, body: &str| {
            let body = serde_json::to_string(body).unwrap();
            let prm = serde_json::to_string(&format!(
                r#"{{"resource":"http://a/mcp","authorization_servers":["{expected}"]}}"#
            ))
            .unwrap();
            codes(&format!(
                r#"{{"url":"http://a/mcp","status":401,"challenge":"Bearer","resourceMetadata":[{{"url":"http://a/p","status":200,"body":{prm}}}],"serverMetadata":[{{"url":"http://a/.well-known/oauth-authorization-server","status":200,"body":{body}}}]}}"#
            ))
        };
        let s256 = r#""code_challenge_methods_supported":["S256"]"#;
        assert_eq!(
            with("http://a", &format!(r#"{{"issuer":"http://evil",{s256}}}"#)),
            ["auth-issuer-mismatch"]
        );
        assert_eq!(
            with("http://a", &format!(r#"{{"issuer":"http://a/",{s256}}}"#)),
            Vec::<String>::new()
        );
        assert_eq!(
            with("http://a", &format!(r#"{{"issuer":"http://a//",{s256}}}"#)),
            ["auth-issuer-mismatch"]
        );
        assert_eq!(
            with("http://a", r#"{"issuer":"http://a"}"#),
            ["auth-pkce-missing"]
        );
        // No protected resource metadata (a client's fallback to the server's origin): the
        // issuer is not judged, PKCE still is.
        let alone = serde_json::to_string(r#"{"issuer":"http://x"}"#).unwrap();
        assert_eq!(
            codes(&format!(
                r#"{{"url":"http://a/mcp","status":403,"serverMetadata":[{{"url":"http://a/m","status":200,"body":{alone}}}]}}"#
            )),
            ["auth-pkce-missing"]
        );
        assert_eq!(
            with(
                "http://a",
                r#"{"issuer":"http://a","code_challenge_methods_supported":["plain"]}"#
            ),
            ["auth-pkce-missing"]
        );
    }

    #[test]
    fn a_bad_path_is_an_error_naming_it() {
        let error = AuthorizationPath::from_json(
            &serde_json::json!({"url": "u", "status": 401, "extra": 1}),
        );
        assert!(error.unwrap_err().contains("extra"));
        assert!(AuthorizationPath::from_json(&serde_json::json!({"status": 401})).is_err());
    }
}
