//! Every ruling of a match as its log keeps it (RULES.md §0 **[r2]**: 「the log keeps all
//! three」 — the ruling, each appeal and its decision): the ruling panel's rows and the result
//! sheet both read it, so an overturned or replaced ruling stays listed with its appeals.

use super::{AppealDecision, BoardAt, Decider, Entry, Match, Op};
use crate::i18n::{tr, Lang};
use crate::rules::ruling::RuleChoice;
use crate::rules::Ruling;

/// What a ruling's line says of the appeal decision in force `d`, in `l` (RULES.md §0
/// **[r2]**: an overturned ruling stops counting, a replaced one gives way to the ruling put
/// in its place): "已撤销 (申诉裁决, 不计)", "已改判 (按申诉裁决)"; `None` when it is not
/// appealed or upheld. The print, the picture, the ruling panel's rows and the result sheet
/// on screen all label a ruling with this (a strike-through alone is not read on a phone).
pub fn decision_label(l: Lang, d: Option<AppealDecision>) -> Option<&'static str> {
    match d? {
        AppealDecision::Overturned => Some(tr(l, "share.ruling_overturned")),
        AppealDecision::Replaced { .. } => Some(tr(l, "share.ruling_replaced")),
        AppealDecision::Upheld => None,
    }
}

/// A ruling's rule as a reader in `l` reads it: a stored text that is one of the preset's
/// rule citations (`choices`, [`super::Setup::rule_choices`]) in the language's words
/// ([`crate::i18n::data_text`]: `南通 §四` → "Nantong §4" in English); any other text as
/// typed. The record keeps the citation as the preset writes it, the text a warning is
/// counted under (RULES.md §0 **[r2]**), so the same record counts alike on every device.
pub fn rule_shown(l: Lang, choices: &[RuleChoice], stored: &str) -> String {
    let t = stored.trim();
    match choices.iter().find(|c| !t.is_empty() && c.cite == t) {
        Some(c) => crate::i18n::data_text(l, &c.cite),
        None => stored.to_string(),
    }
}

/// What a ruling stores for the rule field's text `typed`: one of the preset's citations
/// (`choices`) as any language shows it ([`rule_shown`]: "Nantong §4", `南通 §四`) is stored
/// as the preset writes it (`南通 §四`), the text warnings are counted under; any other text
/// as typed.
pub fn rule_stored(choices: &[RuleChoice], typed: &str) -> String {
    let t = typed.trim();
    let shown_as =
        |c: &RuleChoice| c.cite == t || Lang::ALL.into_iter().any(|l| crate::i18n::data_text(l, &c.cite) == t);
    match choices.iter().find(|c| !t.is_empty() && shown_as(c)) {
        Some(c) => c.cite.clone(),
        None => typed.to_string(),
    }
}

/// One appeal against a ruling, as logged.
#[derive(Clone, Debug, PartialEq)]
pub struct AppealRow<'a> {
    /// The `Appeal` entry.
    pub entry: &'a Entry,
    /// Who appealed, in the referee's words (may be empty).
    pub appellant: &'a str,
    /// What was decided.
    pub decision: AppealDecision,
    /// Who decided (裁判长 / 仲裁委员会).
    pub decided_by: Decider,
    /// When it was decided, ms since the Unix epoch.
    pub decided_ms: f64,
}

/// One `Ruling` entry of the log that is not deleted, as edited in place, with every appeal
/// against it that counts.
#[derive(Clone, Debug, PartialEq)]
pub struct LoggedRuling<'a> {
    /// The `Ruling` entry.
    pub entry: &'a Entry,
    /// The ruling as edited ([`Op::CorrectRuling`]), before any appeal decides on it.
    pub ruling: Ruling,
    /// A game of players: the player it is against.
    pub player: Option<usize>,
    /// A 双升 match: the board and table it applies to.
    pub board: Option<BoardAt>,
    /// Why, in the referee's words.
    pub reason: &'a str,
    /// The rule it applies.
    pub rule: &'a str,
    /// The referee who made it.
    pub referee: &'a str,
    /// When it was last edited in place, ms.
    pub edited_ms: Option<f64>,
    /// The appeals against it that count (not voided), oldest first; the newest decides.
    pub appeals: Vec<AppealRow<'a>>,
}

impl LoggedRuling<'_> {
    /// The decision in force: the newest appeal's, `None` when not appealed.
    pub fn decision(&self) -> Option<AppealDecision> {
        self.appeals.last().map(|a| a.decision)
    }
    /// The ruling that counts now: the replacement of a `replaced` decision, the ruling as
    /// edited when upheld or not appealed, `None` when overturned (it stops counting).
    pub fn in_force(&self) -> Option<Ruling> {
        match self.decision() {
            Some(AppealDecision::Overturned) => None,
            Some(AppealDecision::Replaced { ruling }) => Some(ruling),
            _ => Some(self.ruling),
        }
    }
}

/// The rulings of `m` that are not deleted, in log order, each as edited, with its appeals
/// ([`LoggedRuling`]).
pub fn logged_rulings(m: &Match) -> Vec<LoggedRuling<'_>> {
    let voided = m.voided();
    let edits = m.ruling_edits();
    let mut appeals: std::collections::HashMap<&str, Vec<AppealRow<'_>>> = std::collections::HashMap::new();
    for e in m.entries.iter().filter(|e| !voided.contains(e.id.as_str())) {
        if let Op::Appeal { target, appellant, decision, decided_by, decided_ms } = &e.op {
            appeals.entry(target.as_str()).or_default().push(AppealRow {
                entry: e,
                appellant,
                decision: *decision,
                decided_by: *decided_by,
                decided_ms: *decided_ms,
            });
        }
    }
    m.entries
        .iter()
        .filter(|e| !voided.contains(e.id.as_str()))
        .filter_map(|e| {
            let Op::Ruling { ruling, player, board, reason, rule, referee } = &e.op else { return None };
            let edit = edits.get(e.id.as_str());
            let (ruling, player, board, reason, rule, referee) = match edit.map(|c| &c.op) {
                Some(Op::CorrectRuling { ruling, player, board, reason, rule, referee, .. }) => {
                    (ruling, player, board, reason, rule, referee)
                }
                _ => (ruling, player, board, reason, rule, referee),
            };
            Some(LoggedRuling {
                entry: e,
                ruling: *ruling,
                player: *player,
                board: *board,
                reason,
                rule,
                referee,
                edited_ms: edit.map(|c| c.at_ms),
                appeals: appeals.remove(e.id.as_str()).unwrap_or_default(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Team;

    fn put(m: &mut Match, id: &str, op: Op) {
        let at = m.entries.len() as f64 + 1.0;
        m.append(Entry { after: None, id: id.into(), at_ms: at, op }).unwrap();
    }

    fn appeal(target: &str, decision: AppealDecision) -> Op {
        Op::Appeal {
            target: target.into(),
            appellant: "绿队".into(),
            decision,
            decided_by: Decider::ChiefReferee,
            decided_ms: 100.0,
        }
    }

    /// An overturned ruling stays listed with every appeal, oldest first; an undone appeal
    /// and a deleted ruling do not.
    #[test]
    fn every_ruling_and_appeal_stays_listed() {
        let mut m = super::super::sample::blank_shengji("r", "nantong-80fen", 0.0);
        let w = Ruling::Warning { team: Team::A };
        put(&mut m, "w", crate::record::rulings_tests::ruling(w, ""));
        let dq = Ruling::Disqualified { team: Team::B };
        put(
            &mut m,
            "dq",
            Op::Ruling {
                ruling: dq,
                player: None,
                board: None,
                reason: "x".into(),
                rule: String::new(),
                referee: "王".into(),
            },
        );
        put(&mut m, "a1", appeal("dq", AppealDecision::Upheld));
        put(&mut m, "a2", appeal("dq", AppealDecision::Overturned));
        put(&mut m, "a3", appeal("w", AppealDecision::Upheld));
        put(&mut m, "u", Op::Void { target: "a3".into(), reason: super::super::UNDO_REASON.into() });
        let l = logged_rulings(&m);
        assert_eq!(l.len(), 2);
        assert_eq!(l[1].entry.id, "dq");
        assert_eq!(l[1].appeals.iter().map(|a| a.entry.id.as_str()).collect::<Vec<_>>(), ["a1", "a2"]);
        assert_eq!(l[1].decision(), Some(AppealDecision::Overturned));
        assert_eq!(l[1].in_force(), None);
        assert!(l[0].appeals.is_empty());
        assert_eq!(l[0].in_force(), Some(w));
        put(&mut m, "d", Op::Void { target: "w".into(), reason: "delete".into() });
        assert_eq!(logged_rulings(&m).len(), 1);
    }

    /// RULES.md §0 **[r2]**, 南通 §四: a citation picked or typed in English ("Nantong §4") is
    /// stored as the preset writes it (`南通 §四`), so two warnings — one entered on an English
    /// device, one on a Chinese one — count under the same ladder (the 2nd is 出局); the
    /// stored citation reads in the reader's language, other text as typed.
    #[test]
    fn a_rule_citation_is_stored_as_the_preset_writes_it_and_shown_in_the_readers_language() {
        let mut m = super::super::sample::blank_shengji("r", "nantong-80fen", 0.0);
        let choices = m.setup.rule_choices();
        assert_eq!(rule_shown(Lang::En, &choices, "南通 §四"), "Nantong §4");
        assert_eq!(rule_shown(Lang::ZhTw, &choices, "南通 §四"), "南通 §四");
        assert_eq!(rule_shown(Lang::En, &choices, "自定 §四"), "自定 §四");
        assert_eq!(rule_stored(&choices, " Nantong §4 "), "南通 §四");
        assert_eq!(rule_stored(&choices, "南通 §四"), "南通 §四");
        assert_eq!(rule_stored(&choices, "Nantong §"), "Nantong §");
        let warn = |rule: String| Op::Ruling {
            ruling: Ruling::Warning { team: Team::A },
            player: None,
            board: None,
            reason: String::new(),
            rule,
            referee: "王".into(),
        };
        put(&mut m, "w1", warn(rule_stored(&choices, "Nantong §4")));
        put(&mut m, "w2", warn(rule_stored(&choices, "南通 §四")));
        let counted: std::collections::HashMap<String, crate::rules::ruling::Counted> =
            super::super::replay::replay(&m).counted().into_iter().collect();
        assert_eq!(counted["w2"].warning_no, Some(2));
        assert_eq!(counted["w2"].effect, crate::rules::ruling::Effect::Game(Ruling::GameLost { team: Team::A }));
        // 健康杯: its game-lost citations read in English too.
        let jk = super::super::sample::blank_shengji("j", "jiankang-chaodipi", 0.0).setup.rule_choices();
        assert_eq!(rule_shown(Lang::En, &jk, "000 §一(五)4"), "000 §1(5)4");
        assert_eq!(rule_stored(&jk, "000 §1(5)4"), "000 §一(五)4");
    }

    /// A ruling overturned or replaced on appeal is labelled so in words, in each language
    /// (the rows on screen and the sheet say it, not only a strike-through); upheld or not
    /// appealed, nothing.
    #[test]
    fn an_overturned_or_replaced_ruling_is_labelled_in_words() {
        let replaced = AppealDecision::Replaced { ruling: Ruling::Warning { team: Team::A } };
        assert_eq!(decision_label(Lang::ZhCn, Some(AppealDecision::Overturned)), Some("已撤销 (申诉裁决, 不计)"));
        assert_eq!(decision_label(Lang::ZhCn, Some(replaced)), Some("已改判 (按申诉裁决)"));
        assert_eq!(decision_label(Lang::ZhTw, Some(AppealDecision::Overturned)), Some("已撤銷 (申訴裁決, 不計)"));
        assert_eq!(decision_label(Lang::En, Some(replaced)), Some("replaced on appeal"));
        assert_eq!(decision_label(Lang::ZhCn, Some(AppealDecision::Upheld)), None);
        assert_eq!(decision_label(Lang::ZhCn, None), None);
    }
}
