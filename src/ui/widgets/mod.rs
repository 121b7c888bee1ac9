//! Shared widgets: the points stepper/keypad, the level chart, the entry log, countdowns.
//!
//! One file a concept: the result sheet's sign-off ([`sheet`]), editing a stored hand
//! ([`edit`]), tap timing and the tap guard ([`taps`]), one commit per intent ([`form`]),
//! undo and the entry log ([`log`]), points entry ([`points`]), the level chart
//! ([`chart`]), work after the next paint ([`paint`]), durations and alarms ([`alarm`]),
//! the suit chips of the 亮主 parts ([`suits`]).

mod alarm;
mod chart;
mod edit;
mod form;
mod log;
mod paint;
mod points;
mod sheet;
mod suits;
mod taps;

pub use alarm::{alarm, fmt_duration, vibrate};
pub use chart::LevelChart;
pub use edit::leave_edit_when_gone;
pub use form::FormIntent;
pub use log::{EntryLog, UndoButton};
pub use paint::{after_next_paint, after_paint, drop_later, next_paint};
pub use points::PointsInput;
pub use sheet::SignOff;
pub use suits::SuitChips;
pub use taps::{cool_after_commit, event_time, install_tap_guard, mono_ms, no_key_repeat};
