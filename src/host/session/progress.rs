//! How far a long replay has read, told as it goes: the page's worker shows it while a large log
//! is replayed (`replayLog`'s `onProgress`).

/// Bytes read between two reports (1 MiB: 50 reports for a 50 MB log). The crate's unit tests,
/// which replay logs of a few steps in a debug build, take 16 KiB: the same reports, of logs 64
/// times smaller (3 MiB logs of three formats took 9 CPU s, 2026-12-06).
pub const PROGRESS_STEP: usize = if cfg!(test) { 1 << 14 } else { 1 << 20 };

/// Tells a callback `(bytes read, bytes in all)` at most once every [`PROGRESS_STEP`] bytes, and
/// once more when the reading is done; without a callback it tells nobody.
#[derive(Default)]
pub struct Progress {
    /// The callback.
    report: Option<Box<dyn FnMut(usize, usize)>>,
    /// The bytes in all.
    total: usize,
    /// The offset of the next report.
    next: usize,
    /// Moves the offsets told to the text's own (set by [`Progress::told_in`]).
    place: Option<Box<dyn Fn(usize) -> usize>>,
}

impl Progress {
    /// Reports to `report` on a text of `total` bytes.
    pub fn new(total: usize, report: Box<dyn FnMut(usize, usize)>) -> Self {
        Self {
            report: Some(report),
            total,
            next: 0,
            place: None,
        }
    }

    /// From now on the offsets told are in another text, each moved to this text's own by
    /// `place` (a HAR's replay: offsets in the transcript made of it, told in the HAR's bytes).
    pub fn told_in(&mut self, place: Box<dyn Fn(usize) -> usize>) {
        self.place = Some(place);
    }

    /// The reading has reached byte `offset`: a report when it passed the next step.
    pub fn at(&mut self, offset: usize) {
        let offset = self.place.as_ref().map_or(offset, |place| place(offset));
        if offset < self.next {
            return;
        }
        self.next = offset.saturating_add(PROGRESS_STEP);
        let total = self.total;
        if let Some(report) = &mut self.report {
            report(offset.min(total), total);
        }
    }

    /// The reading is done: the last report (once).
    pub fn done(&mut self) {
        if let Some(mut report) = self.report.take() {
            report(self.total, self.total);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    #[test]
    fn reports_once_a_step_and_once_at_the_end() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let log = Rc::clone(&seen);
        let total = 3 * PROGRESS_STEP;
        let mut progress = Progress::new(
            total,
            Box::new(move |read, all| log.borrow_mut().push((read, all))),
        );
        for offset in (0..total).step_by(1000) {
            progress.at(offset);
        }
        progress.done();
        progress.done();
        let seen = seen.borrow();
        assert_eq!(seen.len(), 4, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "{seen:?}");
        assert_eq!(seen.last(), Some(&(total, total)));
        assert!(seen.iter().all(|&(_, all)| all == total));
    }

    #[test]
    fn tells_nobody_without_a_callback() {
        let mut progress = Progress::default();
        progress.at(5 * PROGRESS_STEP);
        progress.done();
    }
}
