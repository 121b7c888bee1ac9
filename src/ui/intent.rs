//! One commit per intent: the rules behind every game page's commit and undo
//! buttons, pure (no DOM, the time passed in) so that they are tested on their own
//! (`tests/web.rs`). The page side — what counts as touching a form, the browser confirm,
//! the undo button — is in `widgets/` ([`super::widgets::FormIntent`],
//! [`super::widgets::UndoButton`]).
//!
//! * A form has a **generation**, bumped each time the referee touches it (a tap on one of
//!   its buttons, a typed or picked value). A commit records the generation it was made
//!   from; a commit of a generation already stored is the same intent again.
//! * A press of the same generation within [`REPEAT_MS`] of the previous press that stored
//!   an entry or was asked about (a double tap, two touch taps 120 ms apart) is ignored
//!   without a word; the window slides with each ignored press, so a burst of taps is one
//!   press. A press the page refused (its checks, storage full) stored nothing: pressing
//!   again right away is a new try.
//! * A form the referee has not touched since it was reset (or ever) — the blank form after
//!   a commit is a valid "0 分" hand in 升级 — does not commit by itself: the page asks
//!   first ([`Press::Ask`]), and a press while that question is open does nothing.
//! * Undo names the entry it will void (the one shown when the button was rendered); it
//!   voids that entry once, and a press within [`REPEAT_MS`] of the previous undo is the
//!   same press repeated, whatever the button names by then.

/// A press that happened less than this (ms) after the previous press that stored an
/// entry (or was asked about) finished is that press repeated. A deliberate second press
/// comes later than a double tap. Times are monotonic (`performance.now()`, an event's
/// `timeStamp`): a press is timed when it happened, so one queued while the page was busy
/// with the previous one (its time is before that one finished) is a repeat too.
pub const REPEAT_MS: f64 = 500.0;

/// Whether a press at `now` is within the repeat window of a press that finished at `at`.
fn within(at: f64, now: f64) -> bool {
    now - at < REPEAT_MS
}

/// What a press of a commit button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// Commit the form as it stands (made from generation `.0`).
    Commit(u64),
    /// The form is untouched (or already stored): ask the referee first, then commit
    /// generation `.0` only if they confirm.
    Ask(u64),
    /// A repeat of the previous press, or a press while the question is open: nothing.
    Ignore,
}

/// The intent state of one entry form.
#[derive(Clone, Debug, Default)]
pub struct Intent {
    generation: u64,
    /// Touched by the referee since the form was last reset (by a commit or by the page).
    touched: bool,
    /// The generation of the last commit that stored an entry.
    consumed: Option<u64>,
    /// The previous press that stored or was asked about: its generation and when its
    /// handling ended.
    last: Option<(u64, f64)>,
    /// The question of a [`Press::Ask`] is open.
    asking: bool,
}

impl Intent {
    /// The referee changed the form: a new generation.
    pub fn touch(&mut self) {
        self.generation += 1;
        self.touched = true;
    }

    /// The page reset the form (a new blank hand, a hand loaded for editing, an edit
    /// cancelled): untouched until the referee touches it. The generation stays, so a
    /// press repeated right after a commit is still recognised as a repeat.
    pub fn fresh(&mut self) {
        self.touched = false;
    }

    /// The current generation.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Whether the referee touched the form since it was last reset.
    pub fn touched(&self) -> bool {
        self.touched
    }

    /// A press of the commit button at `now` (ms, monotonic). Every press that does not
    /// return [`Press::Ignore`] must be followed by [`Intent::finish`].
    pub fn press(&mut self, now: f64) -> Press {
        if self.asking {
            return Press::Ignore;
        }
        if let Some((g, at)) = self.last {
            if g == self.generation && within(at, now) {
                self.last = Some((g, now));
                return Press::Ignore;
            }
        }
        let g = self.generation;
        if !self.touched || self.consumed == Some(g) {
            self.asking = true;
            Press::Ask(g)
        } else {
            Press::Commit(g)
        }
    }

    /// The press of generation `g` was handled at `now`: `stored` when an entry was
    /// written (declined, refused by the page's checks or by storage: not stored).
    pub fn finish(&mut self, g: u64, stored: bool, now: f64) {
        let asked = std::mem::take(&mut self.asking);
        if stored {
            self.consumed = Some(g);
            if self.generation == g {
                self.touched = false;
            }
        }
        if stored || asked {
            self.last = Some((g, now));
        }
    }
}

/// The intent state of one undo button.
#[derive(Clone, Debug, Default)]
pub struct Undo {
    /// The entry the last undo of this button voided.
    done: Option<String>,
    /// When the handling of the previous press that voided an entry ended.
    last: Option<f64>,
}

impl Undo {
    /// A press at `now` of the button that names entry `named` (as rendered), when the
    /// match's undo target is `current`: the entry to void, or `None` (a repeat, an entry
    /// already voided by this button, a name the match no longer undoes). A press that
    /// returns an entry must be followed by [`Undo::finish`].
    pub fn press(&mut self, named: Option<&str>, current: Option<&str>, now: f64) -> Option<String> {
        if let Some(at) = self.last {
            if within(at, now) {
                self.last = Some(now);
                return None;
            }
        }
        let named = named?;
        if self.done.as_deref() == Some(named) || current != Some(named) {
            return None;
        }
        Some(named.to_string())
    }

    /// The undo of `target` was handled at `now`; `voided` when the void was stored.
    pub fn finish(&mut self, target: &str, voided: bool, now: f64) {
        if voided {
            self.done = Some(target.to_string());
            self.last = Some(now);
        }
    }
}
