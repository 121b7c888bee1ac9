//! Renders the engines' typed steps and errors ([`Msg`]) in the UI language: the template
//! is the string table's row for [`Msg::key`], each `{slot}` filled from [`Msg::args`].
//! Teams and players read as the match names them when the caller passes [`Names`].

use super::{lookup, seat_name, team_side, tr, Lang};
use crate::rules::{Arg, Msg, Team};
use std::collections::BTreeMap;

/// What a rendering knows of the match: team names (`None`: `A` / `B`) and player names
/// (empty: the 0-based index). A name is put into the text isolated ([`crate::bidi`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Names<'a> {
    /// Team names by team; an empty name reads as the team's side (南北 / 东西).
    pub teams: Option<&'a BTreeMap<Team, String>>,
    /// Player names by index; an empty name reads `P<n>` (1-based).
    pub players: &'a [String],
}

/// `msg` in `lang`. A key missing from the table shows as [`Msg`]'s `Display` (a test
/// checks every key the engines use).
pub fn say(lang: Lang, msg: &Msg, names: Names) -> String {
    let Some(template) = lookup(lang, msg.key) else { return msg.to_string() };
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let slot = &after[..close];
                match msg.args.iter().find(|(k, _)| *k == slot) {
                    Some((_, v)) => out.push_str(&arg_text(lang, v, names)),
                    None => {
                        out.push('{');
                        out.push_str(slot);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Several messages in `lang`, joined by `"; "`.
pub fn say_all<'m>(lang: Lang, msgs: impl IntoIterator<Item = &'m Msg>, names: Names) -> String {
    msgs.into_iter().map(|m| say(lang, m, names)).collect::<Vec<_>>().join("; ")
}

/// 掼蛋 steps ([`crate::rules::guandan::Step`]) in `lang`, joined by `"; "`.
pub fn steps_text(lang: Lang, steps: &[crate::rules::guandan::Step], names: Names) -> String {
    let msgs: Vec<Msg> = steps.iter().map(|s| s.msg()).collect();
    say_all(lang, &msgs, names)
}

/// A 斗地主 / 三打一 rule error in `lang`: `hands[1].bid: 叫分 9 不在可叫的 [1, 2, 3] 之中`.
pub fn rule_error_text(lang: Lang, e: &crate::rules::doudizhu::RuleError, names: Names) -> String {
    let why = say(lang, &e.reason.msg(), names);
    match e.hand {
        Some(h) => format!("hands[{h}].{}: {why}", e.field),
        None => format!("{}: {why}", e.field),
    }
}

/// [`rule_error_text`] as a page shows it beside the hand it is about: the field in words
/// (`叫分: 叫分 9 不在可叫的 [1, 2, 3] 之中`), without the hand's index in the engine's list.
pub fn rule_error_words(lang: Lang, e: &crate::rules::doudizhu::RuleError, names: Names) -> String {
    format!("{}: {}", field_words(lang, &e.field), say(lang, &e.reason.msg(), names))
}

/// A field path in words: the string table's `field.<path>` row for the path without its
/// indices (`penalties[0].kind` → `field.penalties.kind`), else for its last part
/// (`hand.points` → `field.points`), else the path as it is (a field the table does not
/// name, e.g. of an imported file).
pub fn field_words(lang: Lang, path: &str) -> String {
    let plain = super::preset_rows::plain_path(path);
    let last = plain.rsplit('.').next().unwrap_or(&plain);
    lookup(lang, &format!("field.{plain}"))
        .or_else(|| lookup(lang, &format!("field.{last}")))
        .map(str::to_string)
        .unwrap_or_else(|| path.to_string())
}

/// A hand's input error ([`crate::rules::shengji::InputError`], also 掼蛋's and 五子棋's) in
/// `lang`: `field: reason`, the field in words ([`field_words`]) and the reason typed when the
/// engine gave one.
pub fn input_error_text(lang: Lang, e: &crate::rules::shengji::InputError, names: Names) -> String {
    format!("{}: {}", field_words(lang, &e.field), reason_text(lang, e.msg.as_ref(), &e.reason, names))
}

/// The reason of a refused entry or import in `lang`: its typed reason when it has one,
/// else its plain words.
pub fn reason_text(lang: Lang, msg: Option<&Msg>, reason: &str, names: Names) -> String {
    match msg {
        Some(m) => say(lang, m, names),
        None => reason.to_string(),
    }
}

/// A refused entry or import in `lang`: `field: reason` (the reason typed when it can be).
pub fn import_error_text(lang: Lang, e: &crate::record::ImportError, names: Names) -> String {
    let why = reason_text(lang, e.msg.as_ref(), &e.reason, names);
    if e.field.is_empty() {
        why
    } else {
        format!("{}: {why}", field_words(lang, e.field_in_hand()))
    }
}

fn arg_text(lang: Lang, a: &Arg, names: Names) -> String {
    let list_sep = if lang == Lang::En { ", " } else { "、" };
    match a {
        Arg::Num(n) => n.to_string(),
        Arg::Signed(n) => crate::rules::doudizhu::signed(*n),
        Arg::Nums(v) => format!("{v:?}"),
        Arg::Seat(s) => seat_name(lang, *s).to_string(),
        Arg::Seats(v) => v.iter().map(|s| seat_name(lang, *s)).collect::<Vec<_>>().join(list_sep),
        Arg::Team(t) => match names.teams {
            Some(m) => m
                .get(t)
                .map(|n| n.trim())
                .filter(|n| !n.is_empty())
                .map(crate::bidi::isolated)
                .unwrap_or_else(|| team_side(lang, *t).to_string()),
            None => format!("{t:?}"),
        },
        Arg::Rank(r) => r.to_string(),
        Arg::Player(i) if names.players.is_empty() => i.to_string(),
        Arg::Player(i) => names
            .players
            .get(*i)
            .map(|n| crate::bidi::isolated(n.trim()))
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| format!("P{}", i + 1)),
        Arg::Cite(c) => cite(lang, c),
        Arg::Key(k) => tr(lang, k).to_string(),
        Arg::Game(g) => super::game_name(lang, g).to_string(),
        Arg::Show(c) => super::show_name(lang, c),
        Arg::Text(t) => t.clone(),
        Arg::Detail(t) => super::library_words::library_words(lang, t),
        Arg::Field(f) => field_words(lang, f),
        Arg::Msg(m) => say(lang, m, names),
    }
}

/// A seed-document citation in `lang`: its parenthesized notes come from the table
/// (`cite.note.<note>`; a built-in note written in English, such as a reading's, reads in
/// Chinese in 简体中文 too), the rest as written; in English `第N篇` reads `part N` and Chinese
/// section numbers are digits (`004 第一篇 §五` → `004 part 1 §5`).
pub fn cite(lang: Lang, c: &str) -> String {
    // Notes in parentheses that are words, not section numbers: "(A必打)".
    let mut out = String::new();
    let mut rest = c;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|k| open + k) else { break };
        let note = &rest[open + 1..close];
        out.push_str(&rest[..open]);
        let key = format!("cite.note.{note}");
        match lookup(lang, &key) {
            Some(t) => out.push_str(&format!("({t})")),
            None => out.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    if lang == Lang::En {
        out = english_sections(&out);
    }
    out
}

/// `第一篇` → `part 1`, other runs of Chinese numerals → digits (`§六2` → `§6.2`).
fn english_sections(s: &str) -> String {
    let digit = |c: char| "一二三四五六七八九十".find(c).map(|_| c);
    let value = |run: &str| -> u32 {
        let d = |c: char| "一二三四五六七八九".chars().position(|x| x == c).map(|i| i as u32 + 1).unwrap_or(0);
        match run.split_once('十') {
            Some((tens, ones)) => {
                let t = tens.chars().next().map(d).unwrap_or(1).max(1);
                t * 10 + ones.chars().next().map(d).unwrap_or(0)
            }
            None => run.chars().next().map(d).unwrap_or(0),
        }
    };
    let mut out = String::new();
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '第' {
            let j = (i + 1..chars.len()).find(|&k| digit(chars[k]).is_none()).unwrap_or(chars.len());
            if j > i + 1 && j < chars.len() && chars[j] == '篇' {
                let run: String = chars[i + 1..j].iter().collect();
                out.push_str(&format!("part {}", value(&run)));
                i = j + 1;
                continue;
            }
        }
        if digit(chars[i]).is_some() {
            let j = (i..chars.len()).find(|&k| digit(chars[k]).is_none()).unwrap_or(chars.len());
            let run: String = chars[i..j].iter().collect();
            out.push_str(&value(&run).to_string());
            // "§六2" (section 6, item 2) keeps a separator between the two numbers: "§6.2".
            if chars.get(j).is_some_and(|c| c.is_ascii_digit()) {
                out.push('.');
            }
            i = j;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn han(s: &str) -> bool {
        s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    #[test]
    fn citations_read_in_english() {
        assert_eq!(cite(Lang::En, "004 第一篇 §五"), "004 part 1 §5");
        assert_eq!(cite(Lang::En, "000 §四(二)4"), "000 §4(2)4");
        assert_eq!(cite(Lang::En, "004 第三篇 §二(七)2"), "004 part 3 §2(7)2");
        assert_eq!(cite(Lang::En, "§十二"), "§12");
        assert_eq!(cite(Lang::En, "004 第一篇 §六2"), "004 part 1 §6.2");
        assert_eq!(cite(Lang::En, "002 §一5"), "002 §1.5");
        assert_eq!(cite(Lang::En, "004 第三篇 §五2(1)"), "004 part 3 §5.2(1)");
        assert_eq!(cite(Lang::ZhCn, "004 第二篇 §四 (A必打)"), "004 第二篇 §四 (A必打)");
        for p in crate::rules::guandan::builtin_presets() {
            let c = &p.cites;
            for x in [&c.upgrade, &c.a_pass, &c.a_fail, &c.fouls, &c.deal_points, &c.round_scoring, &c.tribute] {
                assert!(!han(&cite(Lang::En, x)), "{x} → {}", cite(Lang::En, x));
            }
        }
    }

    /// Every step the 掼蛋 presets produce over a long match (rises, stops at A, attempts
    /// and fall-backs at A, fouls, points, round scores, tributes, the match over) reads in
    /// every language with each slot filled, and in English without Chinese text.
    #[test]
    fn guandan_steps_read_in_every_language() {
        use crate::rules::guandan::{self as gd, FinishOrder, Foul, FoulKind, Hand};
        use crate::rules::Seat::*;
        use crate::rules::{Rank, Team};
        let orders = [[N, S, E, W], [N, E, S, W], [E, N, W, S], [N, E, W, S], [W, E, N, S], [S, N, W, E]];
        // At A: the partner last (一四游) fails the attempt; the declarer losing at A too.
        let at_a = [[N, E, W, S], [E, N, W, S], [N, E, W, S], [N, W, E, S], [N, W, E, S], [N, S, E, W]];
        let mut seen = std::collections::BTreeSet::new();
        let starts = [
            (gd::GuandanState::fresh(), &orders),
            (gd::GuandanState::new(gd::PerTeam::new(Rank::ACE, Rank::ACE), Some(Team::A)), &at_a),
        ];
        for (p, (start, orders)) in
            gd::builtin_presets().into_iter().flat_map(|p| starts.clone().map(|s| (p.clone(), s)))
        {
            let mut state = start;
            for k in 0..60 {
                let mut h = Hand::new(FinishOrder::new(orders[k % orders.len()]).unwrap());
                if k == 40 {
                    h.forfeit =
                        Some(gd::Forfeit { team: Team::B, reason: gd::ForfeitReason::Absent, minutes_late: None });
                }
                if k % 7 == 3 {
                    for kind in [FoulKind::OutOfTurn, FoulKind::Warning, FoulKind::Warning] {
                        h.fouls.push(Foul { team: crate::rules::Team::B, kind, seat: None, note: None });
                    }
                }
                let (next, o) = gd::apply(&p, &state, &h);
                let mut steps: Vec<gd::Step> = o.rule.iter().chain(&o.notes).cloned().collect();
                steps.extend(o.fouls.iter().map(|f| f.rule.clone()));
                steps.extend(o.next_tribute.iter().map(|t| t.rule.clone()));
                for st in steps {
                    let m = st.msg();
                    seen.insert(m.key);
                    for l in Lang::ALL {
                        let text = say(l, &m, Names::default());
                        assert!(!text.contains('{') && !text.contains(m.key), "{l:?} {m}: {text}");
                        if l == Lang::En {
                            assert!(!han(&text), "{m}: {text}");
                        }
                    }
                }
                state = next;
            }
        }
        assert!(seen.len() >= 18, "{seen:?}");
    }

    /// Every 斗地主 / 三打一 reason and 五子棋 refusal fills every slot of its template in
    /// every language (one of each kind; `reasons` names them all or fails to compile).
    #[test]
    fn every_reason_fills_its_template() {
        use crate::record::games::renju::Why;
        use crate::rules::doudizhu::{Reason as R, Unit};
        use crate::rules::renju::{Point, Stone, Verdict};
        use crate::rules::sandayi::{BidStanding, Violation};
        fn kind(r: &R) -> u8 {
            // Exhaustive: a new reason must be added to the list below too.
            match r {
                R::BidsLen { .. } | R::PlayerOutOfRange { .. } | R::FirstBidderOutOfRange { .. } | R::NoPlayers => 0,
                R::NoStartFits { .. } | R::CalledAfterTop { .. } | R::MissingBeforeEnd { .. } => 1,
                R::BidNotAllowed { .. } | R::BidNotHigher { .. } | R::AllPassedNoLandlord => 2,
                R::NobodyBidNoLandlord | R::HighestShouldBeLandlord { .. } | R::LandlordNotHighest { .. } => 3,
                R::BidNotTop { .. } | R::UnitsNotBid { .. } | R::HandBidNotAllowed { .. } => 4,
                R::TooManyBombs { .. } | R::TooManyRockets { .. } | R::SpringAndAntiSpring => 5,
                R::SpringNeedsWin | R::AntiSpringNeedsLoss | R::WentOutNotLandlord { .. } => 6,
                R::WentOutLandlord { .. } | R::NothingPlayed { .. } | R::VoidNoBombs | R::BombsLen { .. } => 7,
                R::NotToulia { .. } | R::IsToulia { .. } | R::TandaNeedsToulia | R::MustBeHuangfan => 8,
                R::NotHuangfan | R::TooFewPlayers | R::AtLeastOne { .. } | R::BidValuesNotAscending { .. } => 9,
                R::TouliaBidNotAllowed { .. } | R::ShareNotFarmers { .. } | R::WrongPlayers { .. } => 10,
                R::PowerOverflow { .. } | R::ScoreOverflow | R::TotalOverflow | R::WrongGame { .. } => 11,
                R::SessionOver { .. } | R::NoLevels | R::TimeOver { .. } | R::TableTimeOver { .. } => 12,
            }
        }
        let v = vec![1, 2, 3];
        let reasons = vec![
            R::BidsLen { players: 3, got: 2 },
            R::PlayerOutOfRange { player: 4, players: 3 },
            R::FirstBidderOutOfRange { players: 3 },
            R::NoPlayers,
            R::NoStartFits { from_0: Box::new(R::BidNotHigher { bid: 2, high: 2 }) },
            R::CalledAfterTop { top: 3 },
            R::MissingBeforeEnd { top: 3 },
            R::BidNotAllowed { bid: 9, values: v.clone() },
            R::BidNotHigher { bid: 1, high: 2 },
            R::AllPassedNoLandlord,
            R::NobodyBidNoLandlord,
            R::HighestShouldBeLandlord { player: 1, unit: Unit::Fen },
            R::HighestShouldBeLandlord { player: 1, unit: Unit::Dang },
            R::LandlordNotHighest { player: 1, got: 0, unit: Unit::Fen },
            R::BidNotTop { top: 2, bid: 1 },
            R::UnitsNotBid { top: 2, bid: 1 },
            R::HandBidNotAllowed { bid: 9, values: v.clone() },
            R::TooManyBombs { max: 13, got: 14 },
            R::TooManyRockets { max: 1, got: 2 },
            R::SpringAndAntiSpring,
            R::SpringNeedsWin,
            R::AntiSpringNeedsLoss,
            R::WentOutNotLandlord { landlord: 0, got: 1 },
            R::WentOutLandlord { got: 0 },
            R::NothingPlayed { unit: Unit::Fen },
            R::NothingPlayed { unit: Unit::Dang },
            R::VoidNoBombs,
            R::BombsLen { players: 4, got: 2 },
            R::NotToulia { top: 3, first: 1 },
            R::IsToulia { top: 3, first: 1 },
            R::TandaNeedsToulia,
            R::MustBeHuangfan,
            R::NotHuangfan,
            R::TooFewPlayers,
            R::AtLeastOne { got: 0 },
            R::BidValuesNotAscending { values: vec![2, 1] },
            R::TouliaBidNotAllowed { bid: 4, values: v.clone() },
            R::ShareNotFarmers { farmers: 2, got: 3 },
            R::WrongPlayers { need: 3, got: 4 },
            R::PowerOverflow { factor: 2, count: 99 },
            R::ScoreOverflow,
            R::TotalOverflow,
            R::WrongGame { game: "renju" },
            R::SessionOver { player: 1 },
            R::NoLevels,
            R::TimeOver { hand: 7 },
            R::TableTimeOver { table: 1, hand: 5 },
        ];
        assert_eq!(reasons.iter().map(kind).collect::<std::collections::BTreeSet<_>>().len(), 13);
        let pt = Point::parse("h8").unwrap();
        let whys = vec![
            Why::GameOver { game: 1, end: crate::record::games::renju::EndReason::Five },
            Why::WrongColour { point: pt, placed: Stone::White, to_move: Stone::Black },
            Why::OffBoard { point: pt },
            Why::Occupied { point: pt, stone: Stone::Black },
            Why::NothingToClaim,
            Why::LastIsWhite { number: 4, point: pt },
            Why::NotForbidden { number: 5, point: pt, verdict: Verdict::None },
            Why::ReadOffBoard { end: crate::record::games::renju::EndReason::Five },
            Why::NeedsWinner { end: crate::record::games::renju::EndReason::Time },
            Why::DrawNoWinner,
            Why::NoResultYet { game: 2 },
            Why::Decided,
        ];
        // 升级's input errors, and 掼蛋's hands that cannot count.
        use crate::rules::shengji::Why as Sj;
        fn sj_kind(w: &Sj) -> u8 {
            // Exhaustive: a new error must be added to the list below too.
            match w {
                Sj::NotAShow { .. } | Sj::NotFirst { .. } | Sj::DoesNotBeat { .. } | Sj::OutOfTurnBarred { .. } => 0,
                Sj::Points { .. } | Sj::KittyPoints { .. } | Sj::JackNeedsKitty => 1,
                Sj::NotAPenalty { .. }
                | Sj::CardCount { .. }
                | Sj::RefereePoints
                | Sj::GameLostKind { .. }
                | Sj::PenaltyPoints { .. } => 2,
                Sj::MatchOver { .. } | Sj::DeclarerOpen | Sj::NoBand { .. } => 3,
            }
        }
        let sj = vec![
            Sj::NotAShow { what: "pair:S".into() },
            Sj::NotFirst { what: "BJ2".into() },
            Sj::DoesNotBeat { what: "pair:S".into(), standing: "BJ2".into() },
            Sj::OutOfTurnBarred { seat: crate::rules::Seat::E, what: "pair:S".into() },
            Sj::Points { points: 83 },
            Sj::KittyPoints { points: 7 },
            Sj::JackNeedsKitty,
            Sj::NotAPenalty { kind: "x".into(), preset: "p".into() },
            Sj::CardCount { cards: 0 },
            Sj::RefereePoints,
            Sj::GameLostKind { kind: "signalling".into() },
            Sj::PenaltyPoints { points: 500 },
            Sj::MatchOver { winner: crate::rules::Team::A },
            Sj::DeclarerOpen,
            Sj::NoBand { score: 999 },
        ];
        assert_eq!(sj.iter().map(sj_kind).collect::<std::collections::BTreeSet<_>>().len(), 4);
        assert_eq!(sj.len(), 15);
        use crate::record::games::guandan::RowError;
        let rows = [
            RowError::GameOver { winner: crate::rules::Team::B },
            RowError::RoundComplete { hands: 8 },
            RowError::TimeUp,
        ];
        let mut msgs: Vec<Msg> = reasons.iter().map(R::msg).collect();
        msgs.extend(whys.iter().map(Why::msg));
        msgs.extend(sj.iter().map(Sj::msg));
        msgs.extend(rows.iter().map(RowError::msg));
        // A refusal that wraps the rule's reason (a later hand broken, an entry that does not fit).
        for key in ["err.why.later_hand", "err.why.not_playable"] {
            let at = ("at", Arg::Text("entries[3]".into()));
            let why = ("why", Arg::Msg(Box::new(Sj::Points { points: 83 }.msg())));
            msgs.push(Msg::new(key, vec![at, ("field", Arg::Text("points".into())), why]));
        }
        // A ruling that cannot be applied.
        use crate::rules::RulingError as Re;
        msgs.extend([Re::GameOver { winner: crate::rules::Team::A }, Re::NoLevels, Re::FixedLevel].iter().map(Re::msg));
        // The record's own refusals (a hand after the game, a next game or table too early,
        // a 双升 board entry that does not fit).
        let team = || ("team", Arg::Team(crate::rules::Team::B));
        let num = |k: &'static str, n: i64| (k, Arg::Num(n));
        msgs.extend([
            Msg::new("sj.why.game_over", vec![team()]),
            Msg::new("sj.why.team_match_over", vec![]),
            Msg::new("sj.why.team_match_games", vec![num("games", 3)]),
            Msg::new("gd.why.round_not_over", vec![num("round", 1)]),
            Msg::new("ddz.why.next_in_playoff", vec![]),
            Msg::new("ddz.why.next_no_deal", vec![num("table", 2)]),
            Msg::new("ddz.why.next_after_last", vec![]),
            Msg::new("dup.why.refusal_kind", vec![("kind", Arg::Text("x".into()))]),
            Msg::new("dup.why.not_a_table", vec![num("table", 3)]),
            Msg::new("dup.why.board_not_listed", vec![num("board", 9), ("list", Arg::Text("1, 2".into()))]),
            Msg::new("dup.why.board_not_in_list", vec![num("board", 9)]),
            Msg::new("dup.why.entered_twice", vec![num("board", 1), num("table", 2)]),
            Msg::new("dup.why.no_entry", vec![("id", Arg::Text("e1".into()))]),
            Msg::new("dup.why.name_too_long", vec![num("max", 60)]),
        ]);
        // An entry named by its place, and a field in words.
        for place in [
            Msg::new("err.at.hand", vec![("n", Arg::Num(12))]),
            Msg::new("err.at.game_hand", vec![("game", Arg::Num(2)), ("n", Arg::Num(3))]),
            Msg::new("err.at.entry", vec![("n", Arg::Num(7))]),
        ] {
            let why = ("why", Arg::Msg(Box::new(Sj::Points { points: 83 }.msg())));
            let at = ("at", Arg::Msg(Box::new(place)));
            msgs.push(Msg::new("err.why.later_hand", vec![at, ("field", Arg::Field("hand.points".into())), why]));
        }
        for standing in [BidStanding::Landlord, BidStanding::NotReached, BidStanding::Passed, BidStanding::Bid(2)] {
            msgs.push(Violation { player: 1, bombs: 2, limit: 1, standing }.msg());
        }
        let names = ["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
        for m in &msgs {
            for l in Lang::ALL {
                for n in [Names::default(), Names { teams: None, players: &names }] {
                    let text = say(l, m, n);
                    assert!(!text.contains('{') && !text.contains(".why."), "{l:?} {m}: {text}");
                    // 斗地主 / 三打一 reasons read in plain English (五子棋's name the shapes and
                    // game names as the rest of the English UI does, with the Chinese term).
                    let glossary = matches!(m.args.first(), Some((_, Arg::Game(_))));
                    let plain = ["ddz.why.", "sj.why.", "gd.why.", "gd.rowerr.", "err.why.", "dup.why.", "err.at."];
                    if l == Lang::En && plain.iter().any(|p| m.key.starts_with(p)) && !glossary {
                        assert!(!han(&text), "{m}: {text}");
                    }
                }
            }
        }
        // The refused bid of the pad, in English, is English.
        let bid = say(Lang::En, &R::BidNotHigher { bid: 1, high: 2 }.msg(), Names::default());
        assert_eq!(bid, "a bid of 1 must be higher than the last bid, 2");
    }

    /// A refused declaring names the shows as the declaring panel does (RULES.md §1.2
    /// order entries), never by their codes.
    #[test]
    fn declaring_refusals_name_the_shows() {
        use crate::rules::shengji::Why as Sj;
        let beat = Sj::DoesNotBeat { what: "pair:H".into(), standing: "BJ2".into() }.msg();
        assert_eq!(say(Lang::ZhCn, &beat, Names::default()), "♥ 红心 对 压不过已亮的 大王对");
        assert_eq!(say(Lang::ZhTw, &beat, Names::default()), "♥ 紅心 對 壓不過已亮的 大王對");
        let pairs = Sj::DoesNotBeat { what: "pair:S".into(), standing: "pair:H".into() }.msg();
        assert_eq!(say(Lang::ZhCn, &pairs, Names::default()), "♠ 黑桃 对 压不过已亮的 ♥ 红心 对");
        assert_eq!(
            say(Lang::En, &pairs, Names::default()),
            "♠ spades pair does not beat the standing show ♥ hearts pair"
        );
        let first = Sj::NotFirst { what: "SJ2".into() }.msg();
        assert_eq!(say(Lang::ZhCn, &first, Names::default()), "小王对 不能作为第一个亮主");
        let barred = Sj::OutOfTurnBarred { seat: crate::rules::Seat::E, what: "single:S".into() }.msg();
        assert!(say(Lang::ZhCn, &barred, Names::default()).ends_with("(♠ 黑桃 单)"));
    }

    /// Every message key an engine or the record names (`"gd.step.…"`, `"gd.why.…"`,
    /// `"ddz.why.…"`, `"rj.why.…"`, `"sj.why.…"`, `"err.why.…"`, `"err.at.…"`, `"dup.why.…"`
    /// in `src/rules`,
    /// `src/rules/shengji` and `src/record`) is in the table in all
    /// three languages, and its templates have the same slots in each.
    #[test]
    fn every_engine_message_key_exists_in_all_languages() {
        let mut files = Vec::new();
        for dir in
            ["src/rules", "src/rules/shengji", "src/record", "src/record/games", "src/record/schema", "src/tournament"]
        {
            for e in std::fs::read_dir(format!("{}/{dir}", env!("CARGO_MANIFEST_DIR"))).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "rs") {
                    files.push(p);
                }
            }
        }
        let slots = |t: &str| -> Vec<String> {
            let mut v: Vec<String> =
                t.split('{').skip(1).filter_map(|x| x.split_once('}').map(|(a, _)| a.to_string())).collect();
            crate::sort::sort(&mut v);
            v
        };
        let mut keys = std::collections::BTreeSet::new();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for prefix in [
                "\"gd.step.",
                "\"gd.why.",
                "\"gd.finish.",
                "\"ddz.why.",
                "\"rj.why.",
                "\"sj.why.",
                "\"err.why.",
                "\"err.at.",
                "\"dup.why.",
                "\"imp.",
            ] {
                for part in text.split(prefix).skip(1) {
                    let rest = part.split('"').next().unwrap();
                    keys.insert(format!("{}{rest}", &prefix[1..]));
                }
            }
        }
        assert!(keys.len() > 40, "{keys:?}");
        let mut missing = Vec::new();
        for k in &keys {
            let t: Vec<Option<&str>> = Lang::ALL.iter().map(|l| lookup(*l, k)).collect();
            if t.iter().any(Option::is_none) {
                missing.push(k.clone());
                continue;
            }
            let s0 = slots(t[0].unwrap());
            for (l, x) in Lang::ALL.iter().zip(&t) {
                assert_eq!(slots(x.unwrap()), s0, "{k} in {l:?} has other slots");
            }
        }
        assert!(missing.is_empty(), "keys missing from strings.tsv: {missing:?}");
    }

    /// A file that does not read says why in the UI language, its English reason as before;
    /// serde's own words stay inside a typed frame.
    #[test]
    fn import_errors_render_in_the_ui_language() {
        let e = crate::record::schema::parse_import("[1]").unwrap_err();
        assert!(e.msg.is_some(), "{e:?}");
        assert_eq!(e.reason, "not a 裁判助手 file: the top level is not an object");
        assert_eq!(import_error_text(Lang::ZhCn, &e, Names::default()), "不是裁判助手的文件: 顶层不是对象");
        assert_eq!(import_error_text(Lang::ZhTw, &e, Names::default()), "不是裁判助手的檔案: 頂層不是物件");
        let big = format!(r#"{{"app":"referee","kind":"match","schema_version":{}}}"#, u32::MAX);
        let e = crate::record::schema::parse_import(&big).unwrap_err();
        assert_eq!(e.field, "schema_version");
        assert!(import_error_text(Lang::ZhCn, &e, Names::default()).contains("请先更新应用"), "{e:?}");
        let tail = r#"{"app":"referee","kind":"match","schema_version":1,"matches":[{"id":"x y"}]}"#;
        let e = crate::record::schema::parse_import(tail).unwrap_err();
        let zh = import_error_text(Lang::ZhCn, &e, Names::default());
        assert!(e.msg.is_some() && zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{e:?} → {zh}");
    }
}
