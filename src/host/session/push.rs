//! Pushing messages into a [`Session`]: each one parsed and dispatched on what it is
//! (`dispatch.rs`), its findings returned, the oldest terminal tasks forgotten past
//! [`MAX_FINISHED_TASKS`].

use crate::diagnostic::Diagnostic;
use crate::host::session::checker::{Entry, Session};
use crate::host::session::dispatch::Dispatch;
use crate::host::session::finding::{diagnostics_of, found_in, Finding};
use crate::host::session::limits::MAX_FINISHED_TASKS;
use crate::host::session::tracked_task::TrackedTask;
use crate::host::transcript::Direction;
use crate::json::{parse, Document, ReadOptions};

impl Session {
    /// Checks one JSON-RPC message `text` sent by `direction`; returns the findings, spans into
    /// `text` (see [`Finding::message_index`] for the exceptions).
    pub fn push(&mut self, text: &str, direction: Direction) -> Vec<Diagnostic> {
        self.push_at(text, direction, None)
    }

    /// [`Session::push`] with the time the host saw the message (milliseconds since the epoch),
    /// which times polls (`poll-too-fast`) and the next poll.
    pub fn push_at(
        &mut self,
        text: &str,
        direction: Direction,
        time_ms: Option<i64>,
    ) -> Vec<Diagnostic> {
        let entry = Entry::Message(Some(direction));
        diagnostics_of(self.push_entry(text, &entry, time_ms))
    }

    /// What the host handed the model as a tool's answer (`toModel`), for `task_id` or the task
    /// its related-task `_meta` names: a tool result while that task is unfinished is a
    /// `fake-result-while-working`.
    pub fn push_to_model(
        &mut self,
        text: &str,
        task_id: Option<&str>,
        time_ms: Option<i64>,
    ) -> Vec<Diagnostic> {
        let entry = Entry::ToModel {
            task_id: task_id.map(str::to_owned),
        };
        diagnostics_of(self.push_entry(text, &entry, time_ms))
    }

    /// Any transcript entry: the findings with the message each points into. Text that is not
    /// JSON gives one `JsonError` finding (and still counts as a message).
    pub fn push_entry(&mut self, text: &str, entry: &Entry, time_ms: Option<i64>) -> Vec<Finding> {
        match parse(text, ReadOptions::default()) {
            Ok(doc) => {
                let mut out = found_in(doc.warnings.clone(), self.pushed);
                out.extend(self.push_parsed(&doc, entry, time_ms));
                out
            }
            Err(error) => {
                let found = error.diagnostic();
                let out = found_in(vec![found], self.pushed);
                self.pushed = self.pushed.saturating_add(1);
                out
            }
        }
    }

    /// Checks a message already parsed (its reader warnings are the caller's).
    pub(super) fn push_parsed(
        &mut self,
        doc: &Document<'_>,
        entry: &Entry,
        time_ms: Option<i64>,
    ) -> Vec<Finding> {
        let number = self.pushed;
        self.pushed = self.pushed.saturating_add(1);
        let mut out = Vec::new();
        Dispatch::new(self, doc, number, time_ms, &mut out).entry(entry);
        self.forget_finished_tasks();
        out
    }

    /// Forgets the oldest terminal tasks past [`MAX_FINISHED_TASKS`].
    fn forget_finished_tasks(&mut self) {
        while self.finished.len() > MAX_FINISHED_TASKS {
            let Some(id) = self.finished.pop_front() else {
                break;
            };
            if self.tasks.get(&id).is_some_and(TrackedTask::is_terminal) {
                self.tasks.remove(&id);
            }
        }
    }
}
