//! Events: the chief referee's tablet above single matches — event list and new
//! event (`/events`), and the event page (`/event/:id`): entrants, one tab per game offered
//! (format, draw, schedule with table assignments and each table's match, standings and
//! results with print and CSV), and the desk's sync of table files with side-by-side
//! conflicts; the hall's screen (`/event/:id/hall`). Domain logic is [`crate::tournament`],
//! storage is [`crate::store`] (`referee.event.<id>`, the versioned envelope of
//! [`crate::tournament::store_event`]); these files draw the screens, one file per page or
//! tab.

use super::io::download;
use super::{create_match, ctx, fmt_time, io, new_id, now_ms, t, tx};
use crate::i18n::{game_name, seat_name, team_side, tr, Action, Lang};
use crate::record::{Entry, HandInput, Match, Op};
use crate::store;
use crate::tournament::standings::{FixtureResult, Standings};
use crate::tournament::{
    self as tm, builtin_formats, draw, output, schedule, standings, sync, tables, Competition, Entrant, EntrantKind,
    Event, Format, Primary, SeatRule, Slot,
};
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_params_map};

mod add_competition;
mod competition;
mod desk;
mod entrants;
mod fixture;
mod hall;
mod list;
mod page;
mod roster;
mod text;

use add_competition::*;
use competition::*;
use desk::*;
use entrants::*;
use fixture::*;
pub use hall::*;
pub use list::*;
pub use page::*;
pub(crate) use roster::RosterTeams;
use roster::*;
pub(crate) use text::*;

/// Longest text of an entrant's member list: [`tm::MAX_MEMBERS`] names of
/// [`tm::MAX_NAME`] characters with a separator (", ") between each two.
const MEMBERS_TEXT_MAX: usize = tm::MAX_MEMBERS * (tm::MAX_NAME + 2);

/// Owned copies of the shared matches (the tournament functions take `&[Match]`).
fn owned(ms: &[std::sync::Arc<Match>]) -> Vec<Match> {
    ms.iter().map(|m| (**m).clone()).collect()
}

/// Every stored event, newest first ([`store::load_events`]); the values moved aside are
/// reported as text.
fn load_events() -> (Vec<Event>, Vec<String>) {
    let (out, bad) = store::load_events(now_ms());
    (
        out,
        bad.into_iter()
            .map(|q| format!("{} → {}: {}", q.key, q.moved_to, crate::ui::quarantine_reason(&q.error)))
            .collect(),
    )
}

/// Writes an event (translated error on failure, naming an event change; nothing changes
/// then).
fn save_event(e: &Event) -> Result<(), String> {
    save_event_as(e, Action::Event)
}

/// Writes an event; the error names `action` (an import of an event file, of the tables'
/// files at the desk).
fn save_event_as(e: &Event, action: Action) -> Result<(), String> {
    store::save_event(e).map_err(|err| super::save_error(action, &err))
}

fn safe_name(s: &str) -> String {
    s.chars().map(|c| if c.is_alphanumeric() || c == '-' { c } else { '_' }).collect()
}

/// The event being edited, with write-through saving and one message line.
#[derive(Clone, Copy)]
struct Ev {
    ev: RwSignal<Option<Event>>,
    msg: RwSignal<Option<(bool, String)>>,
}

impl Ev {
    fn now(&self) -> Option<Event> {
        self.ev.get_untracked()
    }
    /// Applies `f` to a copy of the event as stored now, validates (and refuses a change that
    /// leaves a team of a competition short of players, [`tm::check_teams`]), saves, then shows it and
    /// clears the message line (an earlier error no longer applies). `false` (and a
    /// message) on error; nothing changes then. The stored copy, not the
    /// one shown, is edited, so what another tab saved meanwhile is kept (edits name
    /// entrants, competitions and fixtures by id). A stored value that no longer reads is
    /// moved aside and reported ([`store::quarantine`]) before the shown copy is saved.
    fn mutate(&self, f: impl FnOnce(&mut Event) -> Result<(), String>) -> bool {
        let Some(shown) = self.now() else { return false };
        let key = store::event_key(&shown.id);
        let stored = store::event_value(&shown.id);
        let mut e = match stored.as_deref().map(store::parse_event) {
            Some(Ok(x)) if x.id == shown.id => x,
            Some(r) => {
                let why = match r {
                    Ok(x) => store::other_id("q.event_other_id", &x.id),
                    Err(x) => x,
                };
                let q = store::quarantine(&key, stored.as_deref().unwrap_or_default(), why, now_ms());
                ctx().quarantined.update(|v| v.push(q));
                shown
            }
            None => shown,
        };
        let before = e.clone();
        if let Err(x) = f(&mut e) {
            self.msg.set(Some((true, x)));
            return false;
        }
        if let Err(x) = tm::validate_event(&e) {
            self.msg.set(Some((true, crate::ui::reason_of(&x, true))));
            return false;
        }
        // A team entered in a competition needs the players its matches seat (RULES.md
        // §1.4 [r2]: a 南通 team fields 2 pairs); a change that leaves one short is refused.
        if let Err(x) = tm::check_teams(&before, &e) {
            self.msg.set(Some((true, text::short_team_text(ctx().lang.get_untracked(), &e, &x))));
            return false;
        }
        match save_event(&e) {
            Ok(()) => {
                self.msg.set(None);
                self.ev.set(Some(e));
                true
            }
            Err(x) => {
                self.msg.set(Some((true, x)));
                false
            }
        }
    }
    /// Shows an error on the message line (until the next successful change).
    fn error(&self, s: impl Into<String>) {
        self.msg.set(Some((true, s.into())));
    }
    /// Shows what an action did on the message line.
    fn ok(&self, s: impl Into<String>) {
        self.msg.set(Some((false, s.into())));
    }
}
