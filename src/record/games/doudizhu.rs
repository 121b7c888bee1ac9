//! 斗地主 match record (RULES.md §3; seed 000 §二) — set-up, hand checks and the replay of a
//! session.
//!
//! The session (tables in rotation, clocks, play-off, ranking) is [`super::session`]'s.
//!
//! Every number comes from the engine ([`crate::rules::doudizhu::score_hand`]); this module
//! only folds the log (voids, corrections, tables, clocks) into rows and standings.

use crate::record::replay::effective;
use crate::record::schema::ImportError;
use crate::record::{Match, Op};
use crate::rules::doudizhu::{score_hand, validate_hand, validate_preset, Hand, HandResult, Preset, RuleError};
use crate::rules::shengji::InputError;
use serde::{Deserialize, Serialize};

/// The session parts the 斗地主 and 三打一 pages name through this module.
pub use super::session::{bidding_done, bids_from, calls_from, high_bid, rule_err, NextSitting, SessionView};
use super::session::{check_session, first_error, next_first_bidder, Fold, Row};

/// Set-up of a 斗地主 session: the preset copy (tables, clock and ranking included in
/// `preset.session`) and the players' names in calling order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoudizhuSetup {
    /// The match's own copy of the preset (a referee may have changed any parameter).
    pub preset: Preset,
    /// Player names, `preset.players` of them (3); hands refer to players by index.
    #[serde(default)]
    pub players: Vec<String>,
}

/// Checks the set-up: the preset ([`validate_preset`], errors on `preset.<field>`), the
/// names and the session ([`check_session`]).
pub fn validate_setup(s: &DoudizhuSetup) -> Result<(), ImportError> {
    validate_preset(&s.preset).map_err(rule_err)?;
    check_session(&s.players, s.preset.players, &s.preset.session)
}

/// Checks one hand against the set-up with the engine ([`validate_hand`]): errors name the
/// hand's field (`bid`, `bids[1]`, `landlord`, `went_out` …). The log so far does not
/// constrain a 斗地主 hand.
pub fn check_hand(_m: &Match, s: &DoudizhuSetup, h: &Hand) -> Result<(), ImportError> {
    validate_hand(&s.preset, h).map_err(rule_err)
}

// ---------------------------------------------------------------------------------------
// 斗地主 replay
// ---------------------------------------------------------------------------------------

/// A 斗地主 hand row.
pub type DdzRow = Row<Hand, HandResult>;

/// Everything derived from a 斗地主 match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DoudizhuView {
    /// Hands in order.
    pub rows: Vec<DdzRow>,
    /// Tables, clocks, totals, ranking, play-off.
    pub session: SessionView,
}

impl DoudizhuView {
    /// The first hand that cannot count, if any. Other entries that do not count
    /// ([`SessionView::refused`]) are refused when entered, not when read: an older log
    /// that has one still reads.
    pub fn first_error(&self) -> Option<(String, InputError)> {
        first_error(&self.rows)
    }
    /// Who calls first in the next deal: the player after the last deal's first caller
    /// (000 §二(三) "之后轮流首先叫牌"), or the first seat of the table for its first deal.
    pub fn next_first_bidder(&self) -> usize {
        next_first_bidder(&self.rows, &self.session, |h: &Hand| h.first_bidder)
    }
}

/// Replays a 斗地主 match: voids drop entries, the newest correction of a hand is in force,
/// each hand is scored by the engine, tables and clocks follow the log.
pub fn replay(m: &Match, s: &DoudizhuSetup) -> DoudizhuView {
    let mut fold: Fold<Hand, HandResult> = Fold::new(s.preset.players, &s.preset.session);
    for eff in effective(m) {
        match (&eff.entry.op, &eff.hand) {
            (Op::Hand { .. }, Some(crate::record::HandInput::Doudizhu(h))) => {
                let result = score_hand(&s.preset, h);
                fold.hand(&eff, h.clone(), result, None);
            }
            (Op::Hand { .. }, Some(other)) => {
                let err = RuleError::new("hand", crate::rules::doudizhu::Reason::WrongGame { game: other.game() });
                fold.hand(&eff, Hand::redeal(), Err(err), None);
            }
            (Op::Ruling { .. }, _) => fold.ruling(&eff),
            (op, _) => fold.other(&eff.entry.id, op, eff.entry.at_ms),
        }
    }
    let (rows, session) = fold.finish();
    DoudizhuView { rows, session }
}

/// The home list's line of a 斗地主 session in language `l`
/// ([`super::session::home_line`]): "第 2/3 桌 · 5 局 · 甲 +24", led by the result once the
/// session is over ("已结束 · 甲 第一 · …").
pub fn home_line(l: crate::i18n::Lang, s: &DoudizhuSetup, v: &DoudizhuView) -> String {
    super::session::home_line::<Doudizhu>(l, v, &v.session, &s.players, v.rows.len())
}

/// 斗地主's [`crate::record::game::Game`] impl.
pub struct Doudizhu;

impl crate::record::game::Game for Doudizhu {
    const ID: crate::record::game::GameId = crate::record::game::GameId::Doudizhu;
    const SESSION: bool = true;
    const HAND_WORDS: [&'static str; 2] = ["home.deal", "home.deals"];
    const RULINGS: bool = true;
    type Setup = DoudizhuSetup;
    type Input = Hand;
    type View = DoudizhuView;

    fn validate_setup(s: &DoudizhuSetup) -> Result<(), ImportError> {
        validate_setup(s)
    }
    fn check_input(m: &Match, s: &DoudizhuSetup, h: &Hand) -> Result<(), ImportError> {
        check_hand(m, s, h)
    }
    fn replay(m: &Match, s: &DoudizhuSetup) -> DoudizhuView {
        replay(m, s)
    }
    fn first_error(v: &DoudizhuView) -> Option<(String, InputError)> {
        v.first_error()
    }
    fn refused(v: &DoudizhuView) -> Vec<(String, InputError)> {
        v.session.refused.clone()
    }
    fn outcome(v: &DoudizhuView) -> crate::tournament::outcome::Outcome {
        crate::tournament::outcome::session(&v.session, v.rows.len())
    }
    fn ruling_players(s: &DoudizhuSetup) -> Option<usize> {
        Some(s.players.len())
    }
    fn participants(s: &DoudizhuSetup, name: &dyn Fn(&str) -> String) -> String {
        s.players.iter().map(|p| name(p)).collect::<Vec<_>>().join(" / ")
    }
    fn names(s: &DoudizhuSetup) -> (std::collections::BTreeMap<crate::rules::Team, String>, Vec<String>) {
        (Default::default(), s.players.clone())
    }
    fn sheet_body(
        m: &Match,
        s: &DoudizhuSetup,
        v: &DoudizhuView,
        l: crate::i18n::Lang,
    ) -> crate::record::share_doc::SheetBody {
        crate::record::share_doc::games::doudizhu(m, s, v, l)
    }
    fn leg_setup(leg: &crate::tournament::tables::Leg) -> Result<DoudizhuSetup, crate::tournament::tables::LegError> {
        let preset = crate::rules::doudizhu::builtin_presets()
            .into_iter()
            .find(|p| p.id == leg.preset_id)
            .ok_or_else(|| leg.bad())?;
        Ok(DoudizhuSetup { players: leg.session_players(preset.players)?, preset })
    }
    fn preset_ids() -> Vec<String> {
        crate::rules::doudizhu::builtin_presets().into_iter().map(|p| p.id).collect()
    }
    fn preset_name(id: &str) -> Option<String> {
        crate::rules::doudizhu::builtin_presets().into_iter().find(|p| p.id == id).map(|p| p.name)
    }
    fn preset_json(s: &Self::Setup) -> Option<String> {
        crate::json::to_string(&s.preset).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay::{self, MatchView};
    use crate::record::ClockAction;
    use crate::record::{schema, Entry, HandInput, Setup};
    use crate::rules::doudizhu::{find_preset, Call};
    use proptest::prelude::*;

    pub(crate) fn blank(id: &str) -> Match {
        Match {
            id: id.into(),
            created_ms: 0.0,
            title: String::new(),
            setup: Setup::Doudizhu(DoudizhuSetup {
                preset: find_preset("jiankang-doudizhu").unwrap(),
                players: vec!["甲".into(), "乙".into(), "丙".into()],
            }),
            entries: Vec::new(),
        }
    }

    fn hand(landlord: usize, bid: u8, bombs: u32, won: bool) -> Hand {
        Hand { landlord: Some(landlord), bid, bombs, landlord_won: won, ..Hand::default() }
    }

    fn put(m: &mut Match, id: &str, at: f64, op: Op) -> Result<(), ImportError> {
        m.append(Entry { after: None, id: id.into(), at_ms: at, op })
    }

    fn h(x: Hand) -> Op {
        Op::Hand { hand: HandInput::Doudizhu(x) }
    }

    fn view(m: &Match) -> DoudizhuView {
        match replay::replay(m) {
            MatchView::Doudizhu(v) => v,
            _ => panic!("a 斗地主 match"),
        }
    }

    #[test]
    fn forks_are_seen() {
        let mut m = blank("ddz");
        put(&mut m, "h1", 1.0, h(hand(0, 3, 0, true))).unwrap();
        schema::assert_forks_are_seen(&m, &h(hand(1, 2, 1, true)), &h(hand(2, 1, 0, false)));
    }

    #[test]
    fn bidding_helpers() {
        use Call::{Bid, Pass};
        assert!(!bidding_done(3, &[Pass, Bid(1)], 3));
        assert!(bidding_done(3, &[Pass, Bid(3)], 3));
        assert_eq!(bids_from(3, 2, &[Pass, Bid(3)], 3), Some(vec![Some(Bid(3)), None, Some(Pass)]));
        assert_eq!(bids_from(3, 2, &[Pass, Bid(1)], 3), None);
        assert_eq!(high_bid(3, 2, &[Pass, Bid(1), Bid(2)]), Some((1, 2)));
        assert_eq!(calls_from(&[Some(Bid(3)), None, Some(Pass)], 2), vec![Pass, Bid(3)]);
        assert_eq!(bids_from(3, 1, &[Pass, Pass, Pass], 3), Some(vec![Some(Pass); 3]));
        // what the helpers build is what the engine accepts
        let bids = bids_from(4, 3, &[Pass, Bid(1), Bid(2), Pass], 3).unwrap();
        let b = crate::rules::doudizhu::check_bidding(&bids, Some(3), &[1, 2, 3], 4).unwrap();
        assert_eq!(b.winner, high_bid(4, 3, &[Pass, Bid(1), Bid(2), Pass]));
    }

    #[test]
    fn setup_is_checked() {
        let m = blank("d1");
        schema::validate_match(&m).unwrap();
        let mut bad = m.clone();
        if let Setup::Doudizhu(s) = &mut bad.setup {
            s.players.pop();
        }
        assert_eq!(schema::validate_match(&bad).unwrap_err().field, "setup.players");
        let mut bad = m.clone();
        if let Setup::Doudizhu(s) = &mut bad.setup {
            s.preset.session.tables = Some(0);
        }
        assert_eq!(schema::validate_match(&bad).unwrap_err().field, "setup.preset.session.tables");
        let mut bad = m;
        if let Setup::Doudizhu(s) = &mut bad.setup {
            s.preset.landlord_share = 3;
        }
        assert_eq!(schema::validate_match(&bad).unwrap_err().field, "setup.preset.landlord_share");
    }

    #[test]
    fn bad_hands_are_refused_naming_the_field() {
        let mut m = blank("d2");
        let e = put(&mut m, "h1", 1.0, h(hand(0, 4, 0, true))).unwrap_err();
        assert_eq!(e.field, "op.hand.doudizhu.bid");
        let bids = vec![Some(Call::Bid(2)), Some(Call::Bid(1)), Some(Call::Pass)];
        let e = put(&mut m, "h1", 1.0, h(Hand { bids: Some(bids), first_bidder: Some(0), ..hand(0, 2, 0, true) }))
            .unwrap_err();
        assert_eq!(e.field, "op.hand.doudizhu.bids[1]");
        assert!(m.entries.is_empty());
    }

    #[test]
    fn three_tables_rotate_with_running_totals_and_ranking() {
        let mut m = blank("d3");
        put(&mut m, "c1", 0.0, Op::Clock { action: ClockAction::Start, elapsed_ms: None }).unwrap();
        put(&mut m, "h1", 1.0, h(Hand { rockets: 1, ..hand(0, 3, 1, true) })).unwrap(); // +24 −12 −12
        put(&mut m, "n1", 1_800_000.0, Op::NextGame { start: Default::default() }).unwrap();
        put(&mut m, "h2", 1_800_001.0, h(hand(1, 2, 0, false))).unwrap(); // +2 −4 +2
        put(&mut m, "n2", 1_800_002.0, Op::NextGame { start: Default::default() }).unwrap();
        put(&mut m, "h3", 1_800_003.0, h(Hand { spring: true, ..hand(2, 1, 2, true) })).unwrap(); // −8 −8 +16
        let v = view(&m);
        assert_eq!(v.session.segments.len(), 3);
        assert_eq!(v.session.segments[0].clock.elapsed_ms(5e6), 1_800_000.0);
        assert_eq!(v.session.segments[1].seating, vec![1, 2, 0]);
        assert_eq!(v.session.totals, vec![18, -24, 6]);
        assert_eq!(v.rows[1].running, vec![26, -16, -10]);
        assert_eq!(v.session.segments[2].totals, vec![-8, -8, 16]);
        assert_eq!(v.session.advancing, vec![0]);
        assert!(!v.session.playoff_needed);
        assert!(v.session.at_last_table());
        assert!(v.first_error().is_none());
        // next first caller rotates within the table
        assert_eq!(v.next_first_bidder(), v.session.current().seating[0]);
    }

    #[test]
    fn a_tie_at_the_top_needs_play_off_hands() {
        let mut m = blank("d4");
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap(); // +2 −1 −1
        put(&mut m, "h2", 2.0, h(hand(1, 1, 0, true))).unwrap(); // −1 +2 −1 → 1 1 −2
        let v = view(&m);
        assert!(v.session.playoff_needed);
        assert_eq!(v.session.ranking.playoff_players, vec![0, 1]);
        assert!(v.session.advancing.is_empty());
        // tables=3: two moves reach the last table (each table after a deal: a redeal
        // keeps the tie), a third starts the play-off
        for (i, id) in ["n1", "n2", "n3"].iter().enumerate() {
            if i > 0 {
                put(&mut m, &format!("r{i}"), 3.0 + i as f64, h(Hand::redeal())).unwrap();
            }
            put(&mut m, id, 3.5 + i as f64, Op::NextGame { start: Default::default() }).unwrap();
        }
        put(&mut m, "p1", 10.0, h(hand(1, 2, 0, true))).unwrap(); // play-off: −2 +4 −2
        let v = view(&m);
        assert!(v.session.current().playoff);
        assert_eq!(v.session.totals, vec![1, 1, -2], "play-off hands do not change the totals");
        assert_eq!(v.session.playoff_totals, vec![-2, 4, -2]);
        assert!(!v.session.playoff_needed);
        assert_eq!(v.session.advancing, vec![1]);
    }

    /// Moving on counts only from a table with a deal and, past the last table, only into
    /// a needed play-off: a second move (two tabs, or a confirm left open while another
    /// tab moved on) is refused instead of skipping a table.
    #[test]
    fn a_move_to_the_next_table_needs_a_deal_at_this_one() {
        let mut m = blank("d5");
        let next = || Op::NextGame { start: Default::default() };
        let err = m
            .clone()
            .append_replayed(crate::record::Entry { after: None, id: "n0".into(), at_ms: 0.5, op: next() })
            .unwrap_err();
        assert_eq!(
            (err.field.as_str(), err.reason.as_str()),
            (crate::record::NOT_PLAYABLE, "entries[0]: next_game: table 1 has no deal yet")
        );
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap();
        put(&mut m, "n1", 2.0, next()).unwrap();
        let err = m
            .clone()
            .append_replayed(crate::record::Entry { after: None, id: "n2".into(), at_ms: 3.0, op: next() })
            .unwrap_err();
        assert!(err.reason.ends_with("table 2 has no deal yet"), "{}", err.reason);
        put(&mut m, "h2", 4.0, h(hand(1, 1, 0, false))).unwrap();
        put(&mut m, "n2", 5.0, next()).unwrap();
        put(&mut m, "h3", 6.0, h(hand(2, 1, 0, false))).unwrap();
        // The last table is played and nobody is tied at the cut: no fourth sitting.
        let v = view(&m);
        assert!(v.session.at_last_table() && !v.session.playoff_needed, "{:?}", v.session.totals);
        let err = m
            .clone()
            .append_replayed(crate::record::Entry { after: None, id: "n3".into(), at_ms: 7.0, op: next() })
            .unwrap_err();
        assert!(err.reason.ends_with("no play-off is needed"), "{}", err.reason);
        // Deleting table 2's only deal once table 3 has started is refused too.
        let err = m
            .append(crate::record::Entry {
                after: None,
                id: "v".into(),
                at_ms: 8.0,
                op: Op::Void { target: "h2".into(), reason: "delete".into() },
            })
            .unwrap_err();
        assert_eq!(err.field, crate::record::LATER_HAND);
    }

    /// 000 §二(九)(十): at the last table, the hand in progress when its 30 minutes ran out
    /// (by the logged clock) is the last one: the session is over, a further hand is refused
    /// by append, check and preview alike (typed reason), and the outcome is done. Hands
    /// logged late with the clock not run out (never started here, or paused) still count.
    #[test]
    fn the_last_tables_time_ends_the_session_after_the_hand_in_progress() {
        use crate::rules::doudizhu::Reason;
        let min = 60_000.0;
        let start = || Op::Clock { action: ClockAction::Start, elapsed_ms: None };
        let next = || Op::NextGame { start: Default::default() };
        let mut m = blank("dt");
        put(&mut m, "c1", 0.0, start()).unwrap();
        put(&mut m, "h1", 10.0 * min, h(hand(0, 3, 0, true))).unwrap(); // +6 −3 −3
        put(&mut m, "n1", 31.0 * min, next()).unwrap();
        // Table 2's clock is never started: a hand an hour on is not past any time.
        put(&mut m, "h2", 100.0 * min, h(hand(1, 1, 0, false))).unwrap(); // +1 −2 +1
        put(&mut m, "n2", 101.0 * min, next()).unwrap();
        put(&mut m, "c3", 102.0 * min, start()).unwrap();
        put(&mut m, "h3", 110.0 * min, h(hand(2, 2, 0, true))).unwrap(); // −2 −2 +4
        assert!(view(&m).session.time_over.is_none(), "8 minutes played at table 3");
        // 30:00 passes at table 3 during the next hand: it counts and ends the session.
        put(&mut m, "h4", 133.0 * min, h(hand(0, 3, 1, true))).unwrap(); // +12 −6 −6
        let v = view(&m);
        assert_eq!(v.session.time_over, Some(4));
        assert_eq!(v.session.closed(), Some(Reason::TimeOver { hand: 4 }));
        assert_eq!(v.session.totals, vec![17, -13, -4]);
        assert!(v.session.finished(0.0) && v.session.done());
        let o = crate::tournament::outcome::outcome(&m);
        assert_eq!((o.done, o.winner, o.locked), (true, Some(0), false));
        // Another hand: refused whichever way it comes, with the typed reason.
        let more = || Entry { after: None, id: "h5".into(), at_ms: 134.0 * min, op: h(hand(1, 3, 0, true)) };
        for e in [m.check(more()).unwrap_err(), m.preview(more()).unwrap_err(), m.clone().append(more()).unwrap_err()] {
            assert_eq!(e.field, crate::record::NOT_PLAYABLE);
            let why = format!("{:?}", e.msg.expect("typed"));
            assert!(why.contains("ddz.why.time_over"), "{why}");
        }
        assert!(m.clone().append_replayed(more()).is_err());
        // No play-off without a tie; a correction of an earlier hand still counts.
        assert!(m.clone().append(Entry { after: None, id: "n3".into(), at_ms: 135.0 * min, op: next() }).is_err());
        put(
            &mut m,
            "k1",
            136.0 * min,
            Op::Correct { target: "h1".into(), hand: HandInput::Doudizhu(hand(0, 1, 0, true)) },
        )
        .unwrap();
        assert_eq!(view(&m).session.totals, vec![13, -11, -2]);
        // Undoing the last hand gives the table back: the next hand is again the one in progress.
        put(&mut m, "u", 137.0 * min, Op::Void { target: "h4".into(), reason: "undo".into() }).unwrap();
        assert_eq!(view(&m).session.time_over, None);
        put(&mut m, "h5", 138.0 * min, h(hand(1, 3, 0, true))).unwrap();
        assert_eq!(view(&m).session.time_over, Some(4));
    }

    /// 000 §二(九) "3桌轮赛，每桌进行30分钟": at a table before the last, the hand in progress
    /// when its 30 minutes ran out (by the logged clock) is that table's last one: its clock
    /// stops there, a further hand at the table is refused by append, check and preview alike
    /// (typed reason naming the table and the hand), the session is not over; moving to the
    /// next table is allowed, and that table counts its hands on its own clock.
    #[test]
    fn an_earlier_tables_time_ends_that_table_after_the_hand_in_progress() {
        use crate::rules::doudizhu::Reason;
        let min = 60_000.0;
        let start = || Op::Clock { action: ClockAction::Start, elapsed_ms: None };
        let next = || Op::NextGame { start: Default::default() };
        let mut m = blank("dtt");
        put(&mut m, "c1", 0.0, start()).unwrap();
        put(&mut m, "h1", 10.0 * min, h(hand(0, 3, 0, true))).unwrap(); // +6 −3 −3
        let v = view(&m);
        assert_eq!((v.session.segments[0].time_over, v.session.closed()), (None, None), "10 minutes played");
        // 30:00 passes at table 1 during hand 2: it counts and is the table's last.
        put(&mut m, "h2", 31.0 * min, h(hand(1, 1, 0, false))).unwrap(); // +1 −2 +1
        let v = view(&m);
        assert_eq!(v.session.segments[0].time_over, Some(2));
        assert_eq!(v.session.closed(), Some(Reason::TableTimeOver { table: 1, hand: 2 }));
        assert_eq!(v.session.time_over, None, "the session goes on at the next table");
        assert!(!v.session.finished(32.0 * min) && !v.session.done());
        assert_eq!(v.session.totals, vec![7, -5, -2]);
        assert_eq!(v.session.segments[0].clock.elapsed_ms(40.0 * min), 31.0 * min, "the clock stopped at hand 2");
        assert!(!crate::tournament::outcome::outcome(&m).done);
        // Another hand at table 1: refused whichever way it comes, with the typed reason.
        let more = || Entry { after: None, id: "h3".into(), at_ms: 33.0 * min, op: h(hand(2, 3, 0, true)) };
        for e in [m.check(more()).unwrap_err(), m.preview(more()).unwrap_err(), m.clone().append(more()).unwrap_err()] {
            assert_eq!(e.field, crate::record::NOT_PLAYABLE);
            let why = format!("{:?}", e.msg.expect("typed"));
            assert!(why.contains("ddz.why.table_time_over"), "{why}");
        }
        assert!(m.clone().append_replayed(more()).is_err());
        // The move to table 2 counts; its clock is its own, and its hands count.
        put(&mut m, "n1", 34.0 * min, next()).unwrap();
        put(&mut m, "c2", 35.0 * min, start()).unwrap();
        put(&mut m, "h3", 40.0 * min, h(hand(2, 3, 0, true))).unwrap(); // −3 −3 +6
        let v = view(&m);
        let t2 = v.session.current();
        assert_eq!((t2.number, t2.hands, t2.time_over), (2, 1, None));
        assert_eq!(t2.clock.elapsed_ms(40.0 * min), 5.0 * min);
        assert_eq!(v.session.closed(), None);
        assert_eq!(v.session.totals, vec![4, -8, 4]);
        assert_eq!(v.session.segments[0].totals, vec![7, -5, -2]);
        assert!(v.first_error().is_none());
    }

    /// A table's time closes that table only: with a tie at the cut after the last table,
    /// the play-off hands count however long its clock has run (000 §二(十) "加赛，分出高低为止").
    #[test]
    fn a_tables_time_does_not_close_the_play_off() {
        let min = 60_000.0;
        let start = || Op::Clock { action: ClockAction::Start, elapsed_ms: None };
        let next = || Op::NextGame { start: Default::default() };
        let mut m = blank("dtq");
        if let Setup::Doudizhu(s) = &mut m.setup {
            s.preset.session.tables = Some(2);
        }
        put(&mut m, "c1", 0.0, start()).unwrap();
        put(&mut m, "h1", 31.0 * min, h(hand(0, 1, 0, true))).unwrap(); // +2 −1 −1
        assert_eq!(view(&m).session.segments[0].time_over, Some(1));
        put(&mut m, "n1", 32.0 * min, next()).unwrap();
        put(&mut m, "h2", 33.0 * min, h(hand(1, 1, 0, true))).unwrap(); // −1 +2 −1 → 1 1 −2
        assert!(view(&m).session.playoff_needed);
        put(&mut m, "n2", 34.0 * min, next()).unwrap();
        put(&mut m, "c3", 35.0 * min, start()).unwrap();
        put(&mut m, "p1", 70.0 * min, h(Hand::redeal())).unwrap(); // still tied
        let v = view(&m);
        assert!(v.session.current().playoff);
        assert_eq!((v.session.current().time_over, v.session.closed()), (None, None));
        put(&mut m, "p2", 71.0 * min, h(hand(0, 2, 0, true))).unwrap();
        let v = view(&m);
        assert_eq!((v.session.advancing.clone(), v.session.totals.clone()), (vec![0], vec![1, 1, -2]));
        assert!(v.first_error().is_none());
    }

    /// A tie at the cut when the last table's time ends the session: no more table hands,
    /// but the play-off still starts and its hands count (000 §二(十) "加赛，分出高低为止");
    /// the outcome is not done while the tie stands.
    #[test]
    fn a_tie_when_time_ends_the_session_is_played_off() {
        let min = 60_000.0;
        let mut m = blank("dtp");
        if let Setup::Doudizhu(s) = &mut m.setup {
            s.preset.session.tables = Some(1);
        }
        put(&mut m, "c1", 0.0, Op::Clock { action: ClockAction::Start, elapsed_ms: None }).unwrap();
        put(&mut m, "h1", 5.0 * min, h(hand(0, 1, 0, true))).unwrap(); // +2 −1 −1
        put(&mut m, "h2", 31.0 * min, h(hand(1, 1, 0, true))).unwrap(); // −1 +2 −1 → 1 1 −2
        let v = view(&m);
        assert_eq!((v.session.time_over, v.session.playoff_needed), (Some(2), true));
        assert!(!v.session.done() && !crate::tournament::outcome::outcome(&m).done, "the tie is to be played off");
        let late = Entry { after: None, id: "h3".into(), at_ms: 32.0 * min, op: h(hand(2, 1, 0, true)) };
        assert!(m.check(late).is_err(), "no more table hands");
        put(&mut m, "p", 33.0 * min, Op::NextGame { start: Default::default() }).unwrap();
        put(&mut m, "p1", 34.0 * min, h(Hand::redeal())).unwrap(); // still tied
        assert!(view(&m).session.closed().is_none());
        put(&mut m, "p2", 35.0 * min, h(hand(1, 2, 0, true))).unwrap();
        let v = view(&m);
        assert_eq!((v.session.advancing.clone(), v.session.totals.clone()), (vec![1], vec![1, 1, -2]));
        assert_eq!(crate::tournament::outcome::outcome(&m).winner, Some(1));
    }

    /// 000 §二(十) 「如果出现二位选手分数相同情况时加赛，分出高低为止」 (RULES.md §3 "tie →
    /// play-off hands", §6 unscored): once the play-off has decided a tie at the top, the
    /// places follow it (乙 1st, 甲 2nd, each on the session total), on the page's ranking,
    /// the result sheet, the home line and the event's outcome; the session is done without a
    /// sign-off, and undoing the deciding hand brings the tie back.
    #[test]
    fn a_decided_play_off_orders_the_tie_and_ends_the_session() {
        use crate::bidi::isolated;
        use crate::i18n::Lang;
        use crate::rules::doudizhu::Standing;
        let mut m = blank("dpo");
        if let Setup::Doudizhu(s) = &mut m.setup {
            s.preset.session.tables = Some(1);
        }
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap(); // +2 −1 −1
        put(&mut m, "h2", 2.0, h(hand(1, 1, 0, true))).unwrap(); // −1 +2 −1 → 1 1 −2
        put(&mut m, "p", 3.0, Op::NextGame { start: Default::default() }).unwrap();
        put(&mut m, "p1", 4.0, h(hand(1, 2, 0, true))).unwrap(); // play-off: 乙 +4
        let v = view(&m);
        assert_eq!((v.session.playoff_needed, v.session.advancing.clone()), (false, vec![1]));
        let st = |player, total, place| Standing { player, total, place };
        assert_eq!(v.session.final_standings(), vec![st(1, 1, 1), st(0, 1, 2), st(2, -2, 3)]);
        assert!(v.session.done() && v.session.time_over.is_none() && !v.session.locked);
        let o = crate::tournament::outcome::outcome(&m);
        assert_eq!(
            (o.done, o.winner, o.places.clone(), o.score.clone()),
            (true, Some(1), vec![2, 1, 3], vec![1, 1, -2])
        );
        let Setup::Doudizhu(setup) = &m.setup else { unreachable!() };
        let (jia, yi, bing) = (isolated("甲"), isolated("乙"), isolated("丙"));
        let sheet = crate::record::share_doc::games::doudizhu(&m, setup, &v, Lang::ZhCn);
        assert_eq!(
            sheet.result,
            vec![format!("第 1 名 {yi}: 1"), format!("第 2 名 {jia}: 1"), format!("第 3 名 {bing}: -2")]
        );
        assert_eq!(home_line(Lang::ZhCn, setup, &v), format!("已结束 · {yi} 第一 · 加赛 1 · 3 局 · {yi} +1"));
        // Undoing the deciding hand: the tie stands again, shared place, not done.
        put(&mut m, "u", 5.0, Op::Void { target: "p1".into(), reason: "undo".into() }).unwrap();
        let v = view(&m);
        assert!(v.session.playoff_needed && !v.session.done());
        assert_eq!(v.session.final_standings(), vec![st(0, 1, 1), st(1, 1, 1), st(2, -2, 3)]);
        let o = crate::tournament::outcome::outcome(&m);
        assert_eq!((o.done, o.winner, o.places), (false, None, vec![1, 1, 3]));
    }

    /// A tie at the cut below the top (two go through: 甲 first, 乙 and 丙 level): the
    /// play-off orders the tied players from the tie's place on (丙 2nd, 乙 3rd), and the
    /// session's first place stays 甲 (000 §二(十); RULES.md §3).
    #[test]
    fn a_play_off_below_the_top_places_from_the_tie() {
        let mut m = blank("dpo2");
        if let Setup::Doudizhu(s) = &mut m.setup {
            s.preset.session.tables = Some(1);
            s.preset.session.advancing = 2;
        }
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap(); // +2 −1 −1
        put(&mut m, "p", 2.0, Op::NextGame { start: Default::default() }).unwrap();
        put(&mut m, "p1", 3.0, h(hand(2, 1, 0, true))).unwrap(); // play-off: 丙 +2
        let v = view(&m);
        assert_eq!(v.session.advancing, vec![0, 2]);
        let places: Vec<(usize, usize)> = v.session.final_standings().iter().map(|s| (s.player, s.place)).collect();
        assert_eq!(places, vec![(0, 1), (2, 2), (1, 3)]);
        let o = crate::tournament::outcome::outcome(&m);
        assert_eq!((o.done, o.winner, o.places), (true, Some(0), vec![1, 3, 2]));
    }

    /// The undo button names a change of table as such, not as "next game": "换桌 · 第 2/3 桌";
    /// the move into the play-off as "开始加赛".
    #[test]
    fn a_change_of_table_is_named_as_such() {
        use super::super::session::move_label;
        use crate::i18n::Lang;
        let mut m = blank("dn");
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap();
        put(&mut m, "n1", 2.0, Op::NextGame { start: Default::default() }).unwrap();
        let s = view(&m).session;
        assert_eq!(move_label(Lang::ZhCn, &s, "n1").as_deref(), Some("换桌 · 第 2/3 桌"));
        assert_eq!(move_label(Lang::ZhTw, &s, "n1").as_deref(), Some("換桌 · 第 2/3 桌"));
        assert_eq!(move_label(Lang::En, &s, "n1").as_deref(), Some("next table · Table 2 of 3"));
        assert_eq!(move_label(Lang::ZhCn, &s, "h1"), None);
        // Into the play-off (a tie at the cut after one table).
        let mut m = blank("dn2");
        if let Setup::Doudizhu(s) = &mut m.setup {
            s.preset.session.tables = Some(1);
        }
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap();
        put(&mut m, "h2", 2.0, h(hand(1, 1, 0, true))).unwrap();
        put(&mut m, "p", 3.0, Op::NextGame { start: Default::default() }).unwrap();
        assert_eq!(move_label(Lang::ZhCn, &view(&m).session, "p").as_deref(), Some("开始加赛"));
    }

    #[test]
    fn edit_and_undo_recompute() {
        let mut m = blank("d5");
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap();
        put(&mut m, "h2", 2.0, h(hand(0, 1, 0, true))).unwrap();
        put(&mut m, "c1", 3.0, Op::Correct { target: "h1".into(), hand: HandInput::Doudizhu(hand(0, 3, 0, false)) })
            .unwrap();
        let v = view(&m);
        assert_eq!(v.session.totals, vec![-6 + 2, 3 - 1, 3 - 1]);
        assert_eq!(v.rows[0].corrected_ms, vec![3.0]);
        let t = m.undo_target().unwrap().id.clone();
        put(&mut m, "v1", 4.0, Op::Void { target: t, reason: "undo".into() }).unwrap();
        assert_eq!(view(&m).session.totals, vec![4, -2, -2]);
        put(&mut m, "v2", 5.0, Op::Void { target: "h1".into(), reason: "delete".into() }).unwrap();
        let v = view(&m);
        assert_eq!(v.rows.len(), 1);
        assert_eq!(v.rows[0].number, 1);
    }

    #[test]
    fn export_import_keeps_the_session() {
        let mut m = blank("d6");
        put(&mut m, "h1", 1.0, h(Hand { went_out: Some(0), ..hand(0, 3, 1, true) })).unwrap();
        put(
            &mut m,
            "h2",
            2.0,
            h(Hand { bids: Some(vec![Some(Call::Pass); 3]), first_bidder: Some(1), ..Hand::redeal() }),
        )
        .unwrap();
        let file = schema::export(std::slice::from_ref(&m), 9.0);
        let back = schema::parse_import(&file).unwrap();
        assert_eq!(back, vec![m.clone()]);
        assert_eq!(view(&back[0]), view(&m));
        assert_eq!(view(&m).rows[1].result.as_ref().unwrap().deltas, vec![0, 0, 0]);
    }

    fn arb_hand() -> impl Strategy<Value = Hand> {
        (0usize..3, 1u8..=3, 0u32..=13, 0u32..=1, any::<bool>(), 0u8..3, 0usize..2).prop_map(
            |(landlord, bid, bombs, rockets, won, special, farmer)| Hand {
                rockets,
                spring: won && special == 1,
                anti_spring: !won && special == 2,
                went_out: Some(if won { landlord } else { (landlord + 1 + farmer) % 3 }),
                ..hand(landlord, bid, bombs, won)
            },
        )
    }

    proptest! {
        #[test]
        fn each_logged_hand_sums_to_zero(hands in proptest::collection::vec(
            prop_oneof![9 => arb_hand(), 1 => Just(Hand::redeal())], 1..25), moves in 0usize..4) {
            let mut m = blank("dp");
            for (i, x) in hands.iter().enumerate() {
                if i > 0 && i % 7 == 0 && i / 7 <= moves {
                    // Refused when it cannot count (past the last table, no play-off needed).
                    let _ = put(&mut m, &format!("n{i}"), i as f64, Op::NextGame { start: Default::default() });
                }
                put(&mut m, &format!("h{i}"), i as f64 + 0.5, h(x.clone())).unwrap();
            }
            let v = view(&m);
            prop_assert!(v.first_error().is_none());
            for r in &v.rows {
                prop_assert_eq!(r.result.as_ref().unwrap().deltas.iter().sum::<i64>(), 0);
            }
            prop_assert_eq!(v.session.totals.iter().sum::<i64>() + v.session.playoff_totals.iter().sum::<i64>(), 0);
            let seg_sum: i64 = v.session.segments.iter().flat_map(|s| s.totals.iter()).sum();
            prop_assert_eq!(seg_sum, 0);
        }
    }
}
