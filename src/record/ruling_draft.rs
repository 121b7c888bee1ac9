//! The ruling panel's half-entered form (RULES.md §0 **[r2]**: a ruling names its team or
//! player, its kind, the reason, the rule and the referee; an appeal its appellant, decision
//! and decider), as the tab keeps it while the referee has touched the panel, so that a
//! reload brings it back. A draft is never part of the record or an export: it lives in
//! the tab's `sessionStorage` only (the web shell's `draft` module).

use super::ruling_log::logged_rulings;
use super::{Decider, Match};
use crate::rules::{Ruling, Team};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// Who a ruling is against: a team, or a player of a session (index into its players).
/// Serialized `{"team":"A"}` / `{"player":2}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// A team of a team game.
    Team(Team),
    /// A session's player (斗地主, 三打一), by index into its players.
    Player(usize),
}

impl Who {
    /// The team a ruling stores (a session's ruling stores `A`, not read) and its player.
    pub fn parts(self) -> (Team, Option<usize>) {
        match self {
            Who::Team(t) => (t, None),
            Who::Player(p) => (Team::A, Some(p)),
        }
    }
    /// Who ruling `r` with its `player` (a session's) is against.
    pub fn of(r: &Ruling, player: Option<usize>) -> Who {
        player.map(Who::Player).unwrap_or(Who::Team(r.team()))
    }
}

/// The kinds of ruling the panel offers (RULES.md §0 **[r2]**). Serialized in snake case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// 警告.
    Warning,
    /// 罚级 (with a number of levels).
    LevelPenalty,
    /// 判负 / 出局.
    GameLost,
    /// 迟到 (with minutes).
    Late,
    /// 取消资格.
    Disqualified,
}

/// The ruling panel's form fields as the referee left them: the ruling being entered (or
/// edited in place), and the appeal form open on a ruling, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulingDraft {
    /// The team or player chosen, if any.
    pub who: Option<Who>,
    /// The kind chosen.
    pub kind: Kind,
    /// A level penalty's levels (≥ 1).
    pub levels: u32,
    /// Lateness, in minutes.
    pub minutes: u32,
    /// A 双升 match: the board number chosen.
    pub board_no: u32,
    /// A 双升 match: the table chosen (1 or 2).
    pub table_no: u8,
    /// The reason, as typed.
    pub reason: String,
    /// The rule, as the form stores it (a preset citation as the preset writes it).
    pub rule: String,
    /// The referee, as typed.
    pub referee: String,
    /// The ruling being edited in place (its `Ruling` entry id), if any.
    pub editing: Option<String>,
    /// The version of that ruling when it was loaded (its newest correction's id).
    pub loaded_version: Option<String>,
    /// The ruling whose appeal form is open (its `Ruling` entry id), if any.
    pub appealing: Option<String>,
    /// The appellant, as typed.
    pub appellant: String,
    /// The appeal decision chosen: 0 upheld, 1 overturned, 2 replaced.
    pub decision: u8,
    /// Who decides the appeal.
    pub decider: Decider,
}

impl RulingDraft {
    /// The draft as it can be put back into the panel of match `m`: an edit in place of a
    /// ruling `m` no longer lists ([`logged_rulings`]: deleted, or never in this record) is
    /// dropped with the ruling it had loaded (team or player, reason, rule — as cancelling
    /// the edit empties them; it is not a new ruling's draft), and so is an appeal form
    /// open on such a ruling (with its appellant). Everything else stays as typed.
    pub fn settled(mut self, m: &Match) -> RulingDraft {
        let listed = logged_rulings(m);
        let live: HashSet<&str> = listed.iter().map(|r| r.entry.id.as_str()).collect();
        let gone = |id: &Option<String>| id.as_deref().is_some_and(|id| !live.contains(id));
        if gone(&self.editing) {
            self.editing = None;
            self.loaded_version = None;
            self.who = None;
            self.reason.clear();
            self.rule.clear();
        }
        if gone(&self.appealing) {
            self.appealing = None;
            self.appellant.clear();
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Entry, Op};

    fn draft() -> RulingDraft {
        RulingDraft {
            who: Some(Who::Team(Team::B)),
            kind: Kind::Late,
            levels: 2,
            minutes: 17,
            board_no: 3,
            table_no: 2,
            reason: "迟到入场".into(),
            rule: "南通 §四".into(),
            referee: "裁判甲".into(),
            editing: None,
            loaded_version: None,
            appealing: None,
            appellant: String::new(),
            decision: 2,
            decider: Decider::Committee,
        }
    }

    fn put(m: &mut Match, id: &str, op: Op) {
        let at = m.entries.len() as f64 + 1.0;
        m.append(Entry { after: None, id: id.into(), at_ms: at, op }).unwrap();
    }

    /// Every field survives the text a tab keeps; a session's player too.
    #[test]
    fn draft_round_trips() {
        let mut d = draft();
        d.editing = Some("r1".into());
        d.loaded_version = Some("c1".into());
        d.appealing = Some("r2".into());
        d.appellant = "绿队".into();
        let text = crate::json::to_string(&d).unwrap();
        assert_eq!(crate::json::from_str::<RulingDraft>(&text).unwrap(), d);
        d.who = Some(Who::Player(2));
        let text = crate::json::to_string(&d).unwrap();
        assert!(text.contains(r#""who":{"player":2}"#), "{text}");
        assert_eq!(crate::json::from_str::<RulingDraft>(&text).unwrap(), d);
    }

    /// An edit or appeal of a ruling the match still lists is kept as it was; of a ruling
    /// deleted since (or unknown), it is dropped with what it had loaded, and the rest stays.
    #[test]
    fn edit_or_appeal_of_a_gone_ruling_is_dropped() {
        let mut m = super::super::sample::blank_shengji("r", "nantong-80fen", 0.0);
        put(&mut m, "w", crate::record::rulings_tests::ruling(Ruling::Warning { team: Team::A }, ""));
        put(&mut m, "x", crate::record::rulings_tests::ruling(Ruling::Warning { team: Team::B }, ""));
        let mut d = draft();
        d.editing = Some("w".into());
        d.loaded_version = Some("w".into());
        d.appealing = Some("x".into());
        d.appellant = "绿队".into();
        assert_eq!(d.clone().settled(&m), d);

        put(&mut m, "v", Op::Void { target: "w".into(), reason: "delete".into() });
        let s = d.clone().settled(&m);
        assert_eq!((s.editing, s.loaded_version, s.who), (None, None, None));
        assert_eq!((s.reason.as_str(), s.rule.as_str()), ("", ""));
        assert_eq!(s.appealing.as_deref(), Some("x"));
        assert_eq!(s.appellant, "绿队");
        assert_eq!((s.referee.as_str(), s.kind, s.minutes, s.decider), ("裁判甲", Kind::Late, 17, Decider::Committee));

        d.appealing = Some("gone".into());
        let s = d.settled(&m);
        assert_eq!((s.appealing, s.appellant.as_str()), (None, ""));
    }

    /// A new ruling's draft (no edit, no appeal) is put back as typed.
    #[test]
    fn new_ruling_draft_is_kept() {
        let m = super::super::sample::blank_shengji("r", "nantong-80fen", 0.0);
        assert_eq!(draft().settled(&m), draft());
    }
}
