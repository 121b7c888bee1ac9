//! 欢乐三打一 pages (RULES.md §4): the marker-card holder and each player's call (an illegal
//! call is refused), 头撂 from the calls, 摊打 offered only after 头撂, 明王, 荒番 carried from a
//! void deal, bombs per player with the bid-dependent limit beside each and a violation
//! flagged on the spot, the live formula, history, the session and the result sheet. The
//! session parts are shared with 斗地主 ([`super::session`]).
//!
//! One file a concept: the text of hands and violations ([`text`]), the hand being entered
//! ([`form`]), the entry pad after the calls ([`pad`]), the preset and set-up form
//! ([`preset`]); the game as the shared session page sees it is here.

use super::session::*;
use crate::i18n::{tr, Lang};
use crate::record::game::GameId;
use crate::record::games::doudizhu::SessionView;
use crate::record::games::sandayi::{first_hand_entry, SandayiSetup, SandayiView, SdyRow};
use crate::record::replay::{replay, MatchView};
use crate::record::{HandInput, Match, Setup};
use crate::rules::sandayi::{bomb_limit, builtin_presets, BidStanding, Call, Hand, HandResult, Preset, Violation};
use crate::ui::{ctx, t};
use leptos::prelude::*;
use std::sync::Arc;

mod form;
mod pad;
mod preset;
mod text;
use form::*;
use pad::*;
pub use preset::NewForm;
use text::*;

/// One line for the home list, in the language in force
/// ([`crate::record::games::sandayi::home_line`]).
pub fn summary(m: &Match) -> String {
    let Setup::Sandayi(s) = &m.setup else { return String::new() };
    let MatchView::Sandayi(v) = replay(m) else { return String::new() };
    crate::record::games::sandayi::home_line(ctx().lang.get_untracked(), s, &v)
}

fn sdy_setup(m: &Match) -> Option<&SandayiSetup> {
    match &m.setup {
        Setup::Sandayi(s) => Some(s),
        _ => None,
    }
}

/// 欢乐三打一 as a session game.
struct Sandayi;

impl SessionGame for Sandayi {
    type Preset = Preset;
    type Hand = Hand;
    type Result = HandResult;
    type View = SandayiView;
    /// The 荒番 the log carries to the deal being entered, and the number of the void deal
    /// it comes from; `None` for the first hand ever logged (its 荒番 is entered by hand).
    type Carry = Option<(bool, usize)>;
    type Form = SdyForm;
    const ID: GameId = GameId::Sandayi;
    const RULE_SRC: &'static str = "sdy.rule_src";
    fn view_of(v: MatchView) -> Option<SandayiView> {
        match v {
            MatchView::Sandayi(v) => Some(v),
            _ => None,
        }
    }
    fn setup_of(m: &Match) -> Option<(&Preset, &[String])> {
        sdy_setup(m).map(|s| (&s.preset, s.players.as_slice()))
    }
    fn rows(v: &SandayiView) -> &[SdyRow] {
        &v.rows
    }
    fn session(v: &SandayiView) -> &SessionView {
        &v.session
    }
    fn next_first_bidder(v: &SandayiView) -> usize {
        v.next_first_bidder()
    }
    fn input(h: Hand) -> HandInput {
        HandInput::Sandayi(h)
    }
    fn deltas(r: &HandResult) -> &[i64] {
        &r.deltas
    }
    fn carry(m: &Match, v: &SandayiView, editing: Option<&str>) -> Option<(bool, usize)> {
        let first_logged = first_hand_entry(m);
        let idx = match editing {
            Some(id) if first_logged == Some(id) => return None,
            Some(id) => v.rows.iter().position(|r| r.entry_id == id)?,
            None => {
                first_logged?;
                v.rows.len()
            }
        };
        Some(match idx.checked_sub(1).and_then(|i| v.rows.get(i)) {
            Some(prev) => (prev.hand.is_void(), prev.number),
            None => (false, 0),
        })
    }
    fn hand(form: SdyForm, p: &Preset, carry: &Option<(bool, usize)>) -> Option<Hand> {
        form.hand(p, carry.map(|c| c.0))
    }
    fn line(l: Lang, names: &[String], h: &Hand) -> String {
        sdy_line(l, names, h)
    }
    fn formula(l: Lang, p: &Preset, h: &Hand, r: &HandResult) -> String {
        sdy_formula(l, p, h, r)
    }
    fn items(l: Lang, p: &Preset, names: &[String], v: &SandayiView) -> Vec<HistItem> {
        sdy_items(l, p, names, v)
    }
    fn pad(form: SdyForm, preset: Memo<Preset>, names: Memo<Vec<String>>, carry: Memo<Self::Carry>) -> AnyView {
        let values = Signal::derive(move || preset.get().bid_values);
        view! {
            <HuangfanRow form=form carried=carry />
            {bidding_pad(form.base.bid, names.into(), values, "sdy", "sdy.unit", "sdy.marker")}
            <LandlordPad form=form preset=preset names=names />
        }
        .into_any()
    }
    fn preview_notes(l: Lang, names: &[String], r: &HandResult) -> Vec<String> {
        r.violations.iter().map(|x| violation_text(l, names, x)).collect()
    }
    fn sheet_extra(v: &SandayiView, players: usize) -> Option<(&'static str, Vec<String>)> {
        Some(("sdy.violations_h", (0..players).map(|p| v.violations_of(p).to_string()).collect()))
    }
    fn notes(l: Lang, names: &[String], v: &SandayiView) -> Vec<String> {
        v.violations.iter().map(|x| format!("#{} {}", x.number, violation_text(l, names, &x.violation))).collect()
    }
}

/// The 三打一 match view.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    session_page::<Sandayi>(m)
}
