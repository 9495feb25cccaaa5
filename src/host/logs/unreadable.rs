//! Logs this module does not read, named when their shape gives them away, with what to do
//! instead (`log-format-unread`, a warning): better than a bare `log-empty`.

use crate::diagnostic::Diagnostic;

/// Formats recognised by a marker in their first 64 KiB: the marker, the name, what to do.
const KNOWN: [(&str, &str, &str); 2] = [
    (
        "\"constants\":{\"activeFieldTrialGroups\"",
        "a Chrome net-export log (chrome://net-export)",
        "save a HAR from the DevTools Network panel instead (Export HAR)",
    ),
    (
        "server_conn",
        "a mitmproxy flow file",
        "export the flows as a HAR (`mitmdump -nr FLOWS --set hardump=flows.har`) and paste that",
    ),
];

/// The finding for a text that looks like a known format this module does not read.
pub(super) fn guess(text: &str) -> Option<Diagnostic> {
    let end = (0..=text.len().min(64 << 10))
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let head = text.get(..end)?;
    let (_, name, what) = KNOWN.iter().find(|(marker, ..)| head.contains(marker))?;
    Some(Diagnostic::warning(
        "log-format-unread",
        format!("this looks like {name}, which is not read: {what}"),
    ))
}
