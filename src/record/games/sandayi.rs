//! 欢乐三打一 match record (RULES.md §4; seed 001 三打一) — set-up, hand checks and the replay
//! of a session of four players. Tables, clocks, ranking and play-off are the session
//! machinery of [`super::session`].
//!
//! **荒番 is carried by the replay**, not trusted from the input: a hand that follows a void
//! deal (nobody bid) in the log is scored as 荒番, and one that does not is not
//! ([`crate::rules::sandayi::next_is_huangfan`]). So deleting or correcting a void deal
//! re-scores the hand after it. Only the first `Hand` entry ever logged takes the flag as
//! entered (its void deal may predate the record); any later hand with no deal before it
//! that counts (they were all deleted) is not 荒番.
//!
//! Bomb-limit violations (001 §三) never change a score; each row lists them, and the view
//! collects them for the result sheet.

use super::session::{check_session, first_error, rule_err, Fold, Row, SessionView};
use crate::record::replay::effective;
use crate::record::schema::ImportError;
use crate::record::{HandInput, Match, Op};
use crate::rules::sandayi::{
    next_is_huangfan, score_hand, validate_hand, validate_preset, Hand, HandResult, Preset, RuleError, Violation,
};
use crate::rules::shengji::InputError;
use serde::{Deserialize, Serialize};

/// Set-up of a 三打一 session: the preset copy and the four players' names in calling order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SandayiSetup {
    /// The match's own copy of the preset (a referee may have changed any parameter).
    pub preset: Preset,
    /// Player names, `preset.players` of them (4); hands refer to players by index.
    #[serde(default)]
    pub players: Vec<String>,
}

/// Checks the set-up: the preset ([`validate_preset`], errors on `preset.<field>`), the
/// names and the session rules.
pub fn validate_setup(s: &SandayiSetup) -> Result<(), ImportError> {
    validate_preset(&s.preset).map_err(rule_err)?;
    check_session(&s.players, s.preset.players, &s.preset.session)
}

/// Checks one hand against the set-up with the engine ([`validate_hand`]): bids in order and
/// each higher than the last (`bids[p]`), landlord and bid agree with them, 头撂 as the calls
/// say, 摊打 only after 头撂, one bomb count per player. 荒番 is not checked here: the
/// replay carries it from the log.
pub fn check_hand(_m: &Match, s: &SandayiSetup, h: &Hand) -> Result<(), ImportError> {
    validate_hand(&s.preset, h).map_err(rule_err)
}

/// A 三打一 hand row.
pub type SdyRow = Row<Hand, HandResult>;

/// A bomb-limit violation with the number of its hand.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RowViolation {
    /// 1-based hand number.
    pub number: usize,
    /// Id of the hand entry.
    pub entry_id: String,
    /// What was exceeded.
    pub violation: Violation,
}

/// Everything derived from a 三打一 match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SandayiView {
    /// Hands in order (each with 荒番 as carried).
    pub rows: Vec<SdyRow>,
    /// Tables, clocks, totals, ranking, play-off.
    pub session: SessionView,
    /// Every bomb-limit violation, in hand order.
    pub violations: Vec<RowViolation>,
}

impl SandayiView {
    /// The first hand that cannot count, if any. Other entries that do not count
    /// ([`SessionView::refused`]) are refused when entered, not when read: an older log
    /// that has one still reads.
    pub fn first_error(&self) -> Option<(String, InputError)> {
        first_error(&self.rows)
    }
    /// Whether the next deal is 荒番 (the last deal that counts was void).
    pub fn next_is_huangfan(&self) -> bool {
        next_is_huangfan(self.rows.last().map(|r| &r.hand))
    }
    /// Who holds the marker card next (default: the player after the last first caller).
    pub fn next_first_bidder(&self) -> usize {
        super::session::next_first_bidder(&self.rows, &self.session, |h: &Hand| h.first_bidder)
    }
    /// Violations per player (count), for the result sheet.
    pub fn violations_of(&self, player: usize) -> usize {
        self.violations.iter().filter(|v| v.violation.player == player).count()
    }
}

/// The id of the first `Hand` entry ever logged (voided or not): the only hand whose 荒番
/// flag is taken as entered.
pub fn first_hand_entry(m: &Match) -> Option<&str> {
    m.entries.iter().find(|e| matches!(e.op, Op::Hand { .. })).map(|e| e.id.as_str())
}

/// Replays a 三打一 match: voids drop entries, the newest correction of a hand is in force,
/// 荒番 is carried from a void deal, each hand is scored by the engine.
pub fn replay(m: &Match, s: &SandayiSetup) -> SandayiView {
    let mut fold: Fold<Hand, HandResult> = Fold::new(s.preset.players, &s.preset.session);
    let mut violations = Vec::new();
    let first_logged = first_hand_entry(m);
    for eff in effective(m) {
        match (&eff.entry.op, &eff.hand) {
            (Op::Hand { .. }, Some(HandInput::Sandayi(h))) => {
                let mut hand = h.clone();
                let mut carried_from = None;
                if first_logged != Some(eff.entry.id.as_str()) {
                    let prev = fold.last_row();
                    hand.huangfan = next_is_huangfan(prev.map(|r| &r.hand));
                    if hand.huangfan {
                        carried_from = prev.map(|r| r.number);
                    }
                }
                let result = score_hand(&s.preset, &hand);
                if let Ok(r) = &result {
                    let number = fold.last_row().map(|r| r.number).unwrap_or(0) + 1;
                    violations.extend(r.violations.iter().cloned().map(|v| RowViolation {
                        number,
                        entry_id: eff.entry.id.clone(),
                        violation: v,
                    }));
                }
                fold.hand(&eff, hand, result, carried_from);
            }
            (Op::Hand { .. }, Some(other)) => {
                let err = RuleError::new("hand", crate::rules::doudizhu::Reason::WrongGame { game: other.game() });
                fold.hand(&eff, Hand::default(), Err(err), None);
            }
            (Op::Ruling { .. }, _) => fold.ruling(&eff),
            (op, _) => fold.other(&eff.entry.id, op, eff.entry.at_ms),
        }
    }
    let (rows, session) = fold.finish();
    SandayiView { rows, session, violations }
}

/// The home list's line of a 三打一 session in language `l`
/// ([`super::session::home_line`]), with the count of bomb-limit violations the app flags
/// (RULES.md §4) when there are any: "第 2/3 桌 · 5 局 · 甲 +24 · ⚠ 1".
pub fn home_line(l: crate::i18n::Lang, s: &SandayiSetup, v: &SandayiView) -> String {
    let mut line = super::session::home_line::<Sandayi>(l, v, &v.session, &s.players, v.rows.len());
    if !v.violations.is_empty() {
        line.push_str(&format!(" · ⚠ {}", v.violations.len()));
    }
    line
}

/// 三打一's [`crate::record::game::Game`] impl.
pub struct Sandayi;

impl crate::record::game::Game for Sandayi {
    const ID: crate::record::game::GameId = crate::record::game::GameId::Sandayi;
    const SESSION: bool = true;
    const HAND_WORDS: [&'static str; 2] = ["home.deal", "home.deals"];
    const RULINGS: bool = true;
    type Setup = SandayiSetup;
    type Input = Hand;
    type View = SandayiView;

    fn validate_setup(s: &SandayiSetup) -> Result<(), ImportError> {
        validate_setup(s)
    }
    fn check_input(m: &Match, s: &SandayiSetup, h: &Hand) -> Result<(), ImportError> {
        check_hand(m, s, h)
    }
    fn replay(m: &Match, s: &SandayiSetup) -> SandayiView {
        replay(m, s)
    }
    fn first_error(v: &SandayiView) -> Option<(String, InputError)> {
        v.first_error()
    }
    fn refused(v: &SandayiView) -> Vec<(String, InputError)> {
        v.session.refused.clone()
    }
    fn outcome(v: &SandayiView) -> crate::tournament::outcome::Outcome {
        crate::tournament::outcome::session(&v.session, v.rows.len())
    }
    fn ruling_players(s: &SandayiSetup) -> Option<usize> {
        Some(s.players.len())
    }
    fn participants(s: &SandayiSetup, name: &dyn Fn(&str) -> String) -> String {
        s.players.iter().map(|p| name(p)).collect::<Vec<_>>().join(" / ")
    }
    fn names(s: &SandayiSetup) -> (std::collections::BTreeMap<crate::rules::Team, String>, Vec<String>) {
        (Default::default(), s.players.clone())
    }
    fn sheet_body(
        m: &Match,
        s: &SandayiSetup,
        v: &SandayiView,
        l: crate::i18n::Lang,
    ) -> crate::record::share_doc::SheetBody {
        crate::record::share_doc::games::sandayi(m, s, v, l)
    }
    fn leg_setup(leg: &crate::tournament::tables::Leg) -> Result<SandayiSetup, crate::tournament::tables::LegError> {
        let preset = crate::rules::sandayi::builtin_presets()
            .into_iter()
            .find(|p| p.id == leg.preset_id)
            .ok_or_else(|| leg.bad())?;
        Ok(SandayiSetup { players: leg.session_players(preset.players)?, preset })
    }
    fn preset_ids() -> Vec<String> {
        crate::rules::sandayi::builtin_presets().into_iter().map(|p| p.id).collect()
    }
    fn preset_name(id: &str) -> Option<String> {
        crate::rules::sandayi::builtin_presets().into_iter().find(|p| p.id == id).map(|p| p.name)
    }
    fn preset_json(s: &Self::Setup) -> Option<String> {
        crate::json::to_string(&s.preset).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay::{self, MatchView};
    use crate::record::{schema, Entry, Setup};
    use crate::rules::sandayi::{bidding_outcome, find_preset, Call};
    use proptest::prelude::*;
    use Call::{Bid, Pass};

    fn blank(id: &str) -> Match {
        Match {
            id: id.into(),
            created_ms: 0.0,
            title: String::new(),
            setup: Setup::Sandayi(SandayiSetup {
                preset: find_preset("qingpu-sandayi").unwrap(),
                players: vec!["东".into(), "南".into(), "西".into(), "北".into()],
            }),
            entries: Vec::new(),
        }
    }

    fn played(bids: Vec<Option<Call>>, won: bool, bombs: Vec<u32>) -> Hand {
        let b = bidding_outcome(&find_preset("qingpu-sandayi").unwrap(), &bids, None).unwrap();
        let (landlord, bid) = b.winner.unwrap();
        Hand {
            landlord: Some(landlord),
            bid,
            toulia: b.opened_at_top,
            first_bidder: Some(b.first_bidder),
            bids,
            landlord_won: won,
            bombs,
            ..Hand::default()
        }
    }

    fn void() -> Hand {
        Hand { bids: vec![Some(Pass); 4], first_bidder: Some(0), ..Hand::default() }
    }

    fn h(x: Hand) -> Op {
        Op::Hand { hand: HandInput::Sandayi(x) }
    }

    fn put(m: &mut Match, id: &str, at: f64, op: Op) -> Result<(), ImportError> {
        m.append(Entry { after: None, id: id.into(), at_ms: at, op })
    }

    fn view(m: &Match) -> SandayiView {
        match replay::replay(m) {
            MatchView::Sandayi(v) => v,
            _ => panic!("a 三打一 match"),
        }
    }

    #[test]
    fn forks_are_seen() {
        let mut m = blank("sdy");
        put(&mut m, "h1", 1.0, h(played(vec![Some(Bid(1)), Some(Pass), Some(Pass), Some(Pass)], true, vec![0; 4])))
            .unwrap();
        let a = h(played(vec![Some(Pass), Some(Bid(2)), Some(Pass), Some(Pass)], true, vec![0; 4]));
        let b = h(played(vec![Some(Pass), Some(Bid(2)), Some(Pass), Some(Pass)], false, vec![0; 4]));
        crate::record::schema::assert_forks_are_seen(&m, &a, &b);
    }

    /// The 三打一 page counts deals in 局 (录入本局): the home line and the delete confirm of
    /// a session read 局 too, where other games keep 副.
    #[test]
    fn home_line_and_delete_confirm_count_in_ju() {
        use crate::i18n::{tr, Lang};
        use crate::record::game::GameId;
        let mut m = blank("sw");
        put(&mut m, "h1", 1.0, h(played(vec![Some(Bid(1)), Some(Pass), Some(Pass), Some(Pass)], true, vec![0; 4])))
            .unwrap();
        let s = match &m.setup {
            Setup::Sandayi(s) => s.clone(),
            _ => unreachable!(),
        };
        let v = view(&m);
        assert!(home_line(Lang::ZhCn, &s, &v).contains(" · 1 局 · "), "{}", home_line(Lang::ZhCn, &s, &v));
        assert!(home_line(Lang::ZhTw, &s, &v).contains(" · 1 局 · "));
        assert!(home_line(Lang::En, &s, &v).contains(" · 1 hand · "));
        put(&mut m, "h2", 2.0, h(void())).unwrap();
        assert!(home_line(Lang::ZhCn, &s, &view(&m)).contains(" · 2 局 · "));
        for g in [GameId::Sandayi, GameId::Doudizhu] {
            assert_eq!(tr(Lang::ZhCn, g.hands_word(2)), "局");
        }
        assert_eq!(tr(Lang::ZhCn, GameId::Guandan.hands_word(2)), "副");
        assert_eq!(tr(Lang::ZhCn, "hist.confirm_delete_deal"), "删除这一局? (记录保留在日志中)");
        assert_eq!(tr(Lang::ZhTw, "hist.confirm_delete_deal"), "刪除這一局? (記錄保留在日誌中)");
    }

    #[test]
    fn illegal_bids_and_tanda_are_refused() {
        let mut m = blank("s1");
        schema::validate_match(&m).unwrap();
        let mut bad = played(vec![Some(Bid(2)), Some(Pass), Some(Pass), Some(Pass)], true, vec![]);
        bad.bids[1] = Some(Bid(1));
        let e = put(&mut m, "h1", 1.0, h(bad)).unwrap_err();
        assert_eq!(e.field, "op.hand.sandayi.bids[1]");
        let tanda =
            Hand { tanda: true, ..played(vec![Some(Bid(2)), Some(Pass), Some(Pass), Some(Pass)], true, vec![]) };
        let e = put(&mut m, "h1", 1.0, h(tanda)).unwrap_err();
        assert_eq!(e.field, "op.hand.sandayi.tanda");
    }

    #[test]
    fn huangfan_is_carried_from_a_void_deal_and_follows_edits() {
        let mut m = blank("s2");
        put(&mut m, "h1", 1.0, h(void())).unwrap();
        // entered with the flag (as the form does); the replay carries it anyway
        let second =
            Hand { huangfan: true, ..played(vec![Some(Pass), Some(Bid(1)), Some(Pass), Some(Pass)], false, vec![]) };
        put(&mut m, "h2", 2.0, h(second)).unwrap();
        let v = view(&m);
        assert!(v.rows[1].hand.huangfan);
        assert_eq!(v.rows[1].carried_from, Some(1));
        assert_eq!(v.rows[1].result.as_ref().unwrap().deltas, vec![2, -6, 2, 2]);
        assert!(!v.next_is_huangfan());
        // delete the void deal: hand 2 is no longer 荒番
        put(&mut m, "v1", 3.0, Op::Void { target: "h1".into(), reason: "delete".into() }).unwrap();
        let v = view(&m);
        assert!(!v.rows[0].hand.huangfan);
        assert_eq!(v.rows[0].result.as_ref().unwrap().deltas, vec![1, -3, 1, 1]);
        put(&mut m, "h3", 4.0, h(void())).unwrap();
        assert!(view(&m).next_is_huangfan());
    }

    #[test]
    fn export_import_keeps_the_game() {
        let mut m = blank("s6");
        put(&mut m, "h1", 1.0, h(void())).unwrap();
        let x = Hand {
            huangfan: true,
            mingwang: true,
            ..played(vec![Some(Bid(2)), Some(Pass), Some(Pass), None.or(Some(Pass))], true, vec![0, 2, 1, 3])
        };
        put(&mut m, "h2", 2.0, h(x)).unwrap();
        let t = played(vec![None, None, Some(Bid(3)), None], false, vec![]);
        put(&mut m, "h3", 3.0, h(Hand { tanda: true, ..t })).unwrap();
        let text = schema::store_match(&m);
        assert_eq!(schema::load_stored(&text).unwrap(), m);
        let file = schema::export(std::slice::from_ref(&m), 9.0);
        let back = schema::parse_import(&file).unwrap();
        assert_eq!(back, vec![m.clone()]);
        assert_eq!(view(&back[0]), view(&m));
    }

    #[test]
    fn only_the_first_logged_hand_takes_huangfan_as_entered() {
        let mut m = blank("s5");
        let first =
            Hand { huangfan: true, ..played(vec![Some(Bid(1)), Some(Pass), Some(Pass), Some(Pass)], true, vec![]) };
        put(&mut m, "h1", 1.0, h(first.clone())).unwrap();
        let v = view(&m);
        assert!(v.rows[0].hand.huangfan);
        assert_eq!(v.rows[0].carried_from, None);
        assert_eq!(v.session.totals, vec![6, -2, -2, -2]);
        // a later hand entered with the flag but after a played deal is not 荒番
        put(&mut m, "h2", 2.0, h(first)).unwrap();
        assert!(!view(&m).rows[1].hand.huangfan);
    }

    #[test]
    fn violations_are_flagged_not_scored() {
        let mut m = blank("s3");
        // P0 passes, P1 bids 1, P2 bids 2 (landlord), P3 passes; P0 plays 2 bombs (limit 1)
        let x = played(vec![Some(Pass), Some(Bid(1)), Some(Bid(2)), Some(Pass)], true, vec![2, 1, 5, 0]);
        put(&mut m, "h1", 1.0, h(x)).unwrap();
        let v = view(&m);
        assert_eq!(v.violations.len(), 1);
        assert_eq!(v.violations[0].violation.player, 0);
        assert_eq!(v.violations[0].number, 1);
        assert_eq!(v.violations_of(0), 1);
        assert_eq!(v.session.totals, vec![-2, -2, 6, -2]);
    }

    #[test]
    fn toulia_tanda_mingwang() {
        let mut m = blank("s4");
        let x = Hand { tanda: true, mingwang: true, ..played(vec![Some(Bid(3)), None, None, None], true, vec![]) };
        put(&mut m, "h1", 1.0, h(x)).unwrap();
        let v = view(&m);
        // 4 × 1 × 4 = 16 per farmer
        assert_eq!(v.session.totals, vec![48, -16, -16, -16]);
        assert_eq!(v.next_first_bidder(), 1);
    }

    /// 000 §二(九) "每桌进行30分钟" with tables in rotation: the 三打一 replay closes a table
    /// before the last after the hand in progress when its time ran out, as 斗地主's does; a
    /// further hand there is refused (typed reason), the next table counts again.
    #[test]
    fn an_earlier_tables_time_ends_that_table() {
        use crate::record::ClockAction;
        use crate::rules::sandayi::Reason;
        let min = 60_000.0;
        let mut m = blank("st");
        if let Setup::Sandayi(s) = &mut m.setup {
            s.preset.session.tables = Some(2);
        }
        let one = || h(played(vec![Some(Bid(1)), Some(Pass), Some(Pass), Some(Pass)], true, vec![0; 4]));
        put(&mut m, "c1", 0.0, Op::Clock { action: ClockAction::Start, elapsed_ms: None }).unwrap();
        put(&mut m, "h1", 5.0 * min, one()).unwrap();
        put(&mut m, "h2", 30.0 * min, one()).unwrap();
        let v = view(&m);
        assert_eq!(v.session.closed(), Some(Reason::TableTimeOver { table: 1, hand: 2 }));
        assert_eq!(v.session.totals, vec![6, -2, -2, -2]);
        let more = Entry { after: None, id: "h3".into(), at_ms: 31.0 * min, op: one() };
        let why = format!("{:?}", m.check(more).unwrap_err().msg.expect("typed"));
        assert!(why.contains("ddz.why.table_time_over"), "{why}");
        put(&mut m, "n1", 32.0 * min, Op::NextGame { start: Default::default() }).unwrap();
        put(&mut m, "h3", 33.0 * min, one()).unwrap();
        let v = view(&m);
        assert_eq!((v.session.closed(), v.session.totals.clone()), (None, vec![9, -3, -3, -3]));
        assert!(v.first_error().is_none());
    }

    fn arb_hand() -> impl Strategy<Value = Hand> {
        (
            0usize..4,
            proptest::collection::vec(0u8..=3, 4),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            proptest::collection::vec(0u32..4, 4),
        )
            .prop_map(|(first, raw, won, tanda, mingwang, bombs)| {
                // calls in order from `first`, each higher than the last or a pass
                let mut bids = vec![None; 4];
                let mut high = 0u8;
                for (k, &r) in raw.iter().enumerate() {
                    if high == 3 {
                        break;
                    }
                    let c = if r > high {
                        high = r;
                        Bid(r)
                    } else {
                        Pass
                    };
                    bids[(first + k) % 4] = Some(c);
                }
                let b = bidding_outcome(&find_preset("qingpu-sandayi").unwrap(), &bids, Some(first)).unwrap();
                match b.winner {
                    None => Hand { bids, first_bidder: Some(first), ..Hand::default() },
                    Some((l, v)) => Hand {
                        landlord: Some(l),
                        bid: v,
                        toulia: b.opened_at_top,
                        tanda: tanda && b.opened_at_top,
                        mingwang,
                        landlord_won: won,
                        bombs,
                        bids,
                        first_bidder: Some(first),
                        huangfan: false,
                    },
                }
            })
    }

    proptest! {
        #[test]
        fn each_logged_hand_sums_to_zero(hands in proptest::collection::vec(arb_hand(), 1..25)) {
            let mut m = blank("sp");
            for (i, x) in hands.iter().enumerate() {
                if i > 0 && i % 8 == 0 {
                    // Refused when it cannot count (past the last table, no play-off needed).
                    let _ = put(&mut m, &format!("n{i}"), i as f64, Op::NextGame { start: Default::default() });
                }
                put(&mut m, &format!("h{i}"), i as f64 + 0.5, h(x.clone())).unwrap();
            }
            let v = view(&m);
            prop_assert!(v.first_error().is_none());
            for (i, r) in v.rows.iter().enumerate() {
                prop_assert_eq!(r.result.as_ref().unwrap().deltas.iter().sum::<i64>(), 0);
                if i > 0 {
                    prop_assert_eq!(r.hand.huangfan, v.rows[i - 1].hand.is_void());
                }
            }
            prop_assert_eq!(v.session.totals.iter().sum::<i64>() + v.session.playoff_totals.iter().sum::<i64>(), 0);
        }
    }
}
