//! The referee's rulings on a team (RULES.md §0 **[r2]**): a warning (counted for the match;
//! the preset turns the Nth into its penalty), a level penalty (罚级), a game lost (判负 /
//! 出局), lateness in minutes (at the preset's limit a forfeit) and a disqualification,
//! entered on the match page of a game with rulings and kept in the log as [`Op::Ruling`];
//! the replay applies them in order with the hands. Each names the team, the reason, the
//! rule and the referee; it is recorded only after a confirmation, and is deleted (voided)
//! or undone like a hand. An appeal ([`Op::Appeal`]) against a ruling records its decision
//! (upheld, overturned, replaced by the ruling chosen in the form), who decided and when;
//! the list shows the ruling, the appeal and the decision in force. A ruling is edited in
//! place from its row (loaded into the form, changed, saved as an [`Op::CorrectRuling`]; the
//! replay uses the newest edit, and undo voids it). In a session of players (斗地主, 三打一)
//! the panel names a player instead of a team, and a game lost ends the session (the others'
//! totals stand, the offender ranks last: a *reading*, said so in the preview). In a 双升
//! match ([`Boards`]) a ruling names its board and table; a game lost loses that board for
//! the offending team (its board result the preset's, −20 in 003: a *reading*, said so), and
//! the panel offers no level penalty (boards are played at fixed levels).
//!
//! One file a concept: rulings in words ([`text`]), the rulings in force and the result
//! sheet's list ([`steps`]), the panel's state and actions ([`panel`]), the ruling form
//! ([`form`]), the list with its appeals, edits and deletes ([`list`]).

use super::{commit, fmt_time, io, t, tx};
use crate::i18n::Lang;
use crate::record::ruling_draft::{Kind, RulingDraft, Who};
use crate::record::{schema, AppealDecision, BoardAt, Decider, Match, Op};
use crate::rules::{Ruling, Team};
use crate::ui::widgets::FormIntent;
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

mod form;
mod list;
mod panel;
mod steps;
mod text;
use form::RulingForm;
use list::RulingList;
use panel::Panel;
pub use steps::RulingSteps;
use steps::{steps, Step};
use text::*;

/// The boards a 双升 match's rulings name ([`RulingPanel`]'s `boards`): the board list's
/// numbers, and the offending team's board result when a board is lost by ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boards {
    /// The board numbers, in list order.
    pub numbers: Vec<u32>,
    /// The offending team's result on a board lost by ruling (−20 in 003).
    pub lost_result: i32,
}

/// The kinds the panel offers, with their button id and text key.
const KINDS: [(Kind, &str, &str); 5] = [
    (Kind::Warning, "ruling-warning", "ruling.warning"),
    (Kind::LevelPenalty, "ruling-level-penalty", "ruling.level_penalty"),
    (Kind::GameLost, "ruling-game-lost", "ruling.game_lost"),
    (Kind::Late, "ruling-late", "ruling.late"),
    (Kind::Disqualified, "ruling-disqualified", "ruling.disqualified"),
];

/// The ruling panel: team (or, with `players`, a session's player), kind (levels for a
/// level penalty, minutes for lateness), reason, rule, referee, a line saying what will be
/// recorded, and the rulings of the match that count, each with its appeal, its edit in
/// place (修改: loaded into the form, saved as an [`Op::CorrectRuling`]) and its delete.
#[component]
pub fn RulingPanel(
    m: Memo<Option<Arc<Match>>>,
    teams: Signal<BTreeMap<Team, String>>,
    locked: Signal<bool>,
    /// A session's players (斗地主, 三打一): the panel names a player instead of a team, and
    /// does not offer a level penalty (a session has no levels).
    #[prop(optional, into)]
    players: Option<Signal<Vec<String>>>,
    /// A 双升 match's boards: the panel names the board and table of each ruling, and does
    /// not offer a level penalty (boards are played at fixed levels).
    #[prop(optional, into)]
    boards: Option<Signal<Boards>>,
) -> impl IntoView {
    let session = players.is_some();
    let on_boards = boards.is_some();
    let boards = boards.unwrap_or_else(|| Signal::derive(|| Boards { numbers: Vec::new(), lost_result: 0 }));
    // The board and table chosen (a 双升 match): the first board and table 1 at first.
    let board_no = RwSignal::new(boards.with_untracked(|b| b.numbers.first().copied().unwrap_or(1)));
    let table_no = RwSignal::new(1u8);
    let players = players.unwrap_or_else(|| Signal::derive(Vec::new));
    let who: RwSignal<Option<Who>> = RwSignal::new(None);
    let kind = RwSignal::new(if session || on_boards { Kind::GameLost } else { Kind::LevelPenalty });
    let levels = RwSignal::new(1u32);
    let minutes = RwSignal::new(10u32);
    // The ruling being edited in place (its entry id), if any.
    let editing: RwSignal<Option<String>> = RwSignal::new(None);
    // The version of the ruling being edited when it was loaded (its newest correction's
    // id): another tab's correction since is asked about before this one goes over it.
    let loaded_version: RwSignal<Option<String>> = RwSignal::new(None);
    // The ruling whose appeal form is open, and the form's choices.
    let appealing: RwSignal<Option<String>> = RwSignal::new(None);
    let appellant = RwSignal::new(String::new());
    let decision = RwSignal::new(0u8); // 0 upheld, 1 overturned, 2 replaced
    let decider = RwSignal::new(Decider::ChiefReferee);
    let reason = RwSignal::new(String::new());
    let rule = RwSignal::new(String::new());
    let referee = RwSignal::new(String::new());
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let intent = FormIntent::new();
    let p = Panel {
        m,
        teams,
        locked,
        players,
        boards,
        session,
        on_boards,
        board_no,
        table_no,
        who,
        kind,
        levels,
        minutes,
        editing,
        loaded_version,
        appealing,
        appellant,
        decision,
        decider,
        reason,
        rule,
        referee,
        error,
        intent,
    };
    // The half-entered ruling (or appeal) survives a reload, an update and back/forward,
    // kept apart from the page's hand draft; a restored draft opens the panel.
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    let restored = crate::ui::draft::keep_draft("ruling", &mid, intent, move || p.draft(), move |d| p.set_draft(d));
    view! {
        // A typed or picked value, or a tap on one of the panel's buttons, touches the panel
        // (those that record, cancel, load or open: `data-intent="skip"`).
        <details
            class="ruling-panel"
            id="ruling-panel"
            open=restored
            on:click=intent.watch()
            on:input=intent.watch()
            on:change=intent.watch()
        >
            <summary>
                {tx("ruling.title")}" ("
                {move || {
                    m.with(|x| x.as_ref().map(|x| crate::record::ruling_log::logged_rulings(x).len()).unwrap_or(0))
                }}")"
            </summary>
            <RulingForm p=p />
            <RulingList p=p />
        </details>
    }
}
