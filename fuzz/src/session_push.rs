//! Pushes arbitrary messages into a streaming `Session`, then finishes it. Each line of the input
//! is one push: its first byte says what it is (`c` the client's message, `s` the server's, `m`
//! what the host handed the model, anything else a message of unknown direction), the rest is the
//! message text; times grow by amounts drawn from the input. Must never panic or hang; every
//! finding's span lies in the text of the push it names (spans of the messages kept for later
//! checks too), and the session stays within its caps.

use super::{check_diagnostics, Dice};
use mcp_json_toolbox::host::session::{MAX_PENDING_REQUESTS, MAX_TASKS};
use mcp_json_toolbox::host::{Direction, Entry, Finding, Session};

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut dice = Dice::from_bytes(data);
    let mut session = Session::new();
    let mut texts: Vec<&str> = Vec::new();
    let mut time: i64 = 1_767_225_600_000;
    for line in text.lines() {
        let mut chars = line.chars();
        let kind = chars.next();
        let message = chars.as_str();
        let entry = match kind {
            Some('c') => Entry::Message(Some(Direction::Client)),
            Some('s') => Entry::Message(Some(Direction::Server)),
            Some('m') => Entry::ToModel { task_id: None },
            _ => Entry::Message(None),
        };
        time = time.saturating_add(i64::try_from(dice.below(3_000)).unwrap_or(0));
        let timed = (dice.below(4) != 0).then_some(time);
        texts.push(message);
        let found = session.push_entry(message, &entry, timed);
        check_findings(&texts, &found);
        assert!(session.task_count() <= MAX_TASKS);
        assert!(session.pending_count() <= MAX_PENDING_REQUESTS);
    }
    check_findings(&texts, &session.finish_findings());
    // The state serializes (what the wasm `Session.state()` returns).
    assert!(serde_json::to_string(&session.state()).is_ok());
}

/// Every finding's spans lie in the texts of the pushes it names (its schema span, when it names
/// another push, in that one's).
fn check_findings(texts: &[&str], found: &[Finding]) {
    for finding in found {
        let text = texts.get(finding.message_index);
        assert!(text.is_some(), "{finding:?} names no push");
        // A schema span in the message itself may also point into an official schema.
        let schema = finding
            .schema_message_index
            .map(|i| texts.get(i).copied().unwrap_or_default());
        check_diagnostics(
            text.copied().unwrap_or_default(),
            schema,
            std::slice::from_ref(&finding.diagnostic),
        );
    }
}
