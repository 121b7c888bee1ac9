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

use super::{commit, fmt_time, io, t, tx};
use crate::record::{schema, AppealDecision, BoardAt, Decider, Match, Op};
use crate::rules::{Ruling, Team};
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Who a ruling is against: a team, or a player of a session (index into its players).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Team(Team),
    Player(usize),
}

impl Who {
    /// The team a ruling stores (a session's ruling stores `A`, not read) and its player.
    fn parts(self) -> (Team, Option<usize>) {
        match self {
            Who::Team(t) => (t, None),
            Who::Player(p) => (Team::A, Some(p)),
        }
    }
    fn of(r: &Ruling, player: Option<usize>) -> Who {
        player.map(Who::Player).unwrap_or(Who::Team(r.team()))
    }
}

/// A player's name in a session (`P2` when empty).
fn player_name(players: &[String], p: usize) -> String {
    players.get(p).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).unwrap_or_else(|| format!("P{}", p + 1))
}

/// What a ruling against a session's player does, in words: "甲 判负 → 本桌比赛结束 …
/// (解读)", "乙 警告".
fn player_ruling_text(players: &[String], p: usize, r: &Ruling) -> String {
    let name = player_name(players, p);
    match r {
        Ruling::GameLost { .. } => format!("{name} {} → {}", t("ruling.game_lost"), t("ruling.session_lost")),
        Ruling::Disqualified { .. } => format!("{name} {} → {}", t("ruling.disqualified"), t("ruling.session_out")),
        Ruling::Warning { .. } => format!("{name} {}", t("ruling.warning")),
        Ruling::Late { minutes, .. } => format!("{name} {} {minutes} {}", t("ruling.late"), t("ruling.minutes_unit")),
        Ruling::LevelPenalty { levels, .. } => {
            format!("{name} {} {levels} {}", t("ruling.minus"), t("ruling.levels_unit"))
        }
    }
}

/// [`ruling_text`] for a ruling against a team or, with `player`, a session's player.
fn who_text(teams: &BTreeMap<Team, String>, players: &[String], r: &Ruling, player: Option<usize>) -> String {
    match player {
        Some(p) => player_ruling_text(players, p, r),
        None => ruling_text(teams, r),
    }
}

/// [`who_text`], or on a 双升 board [`board_ruling_text`].
fn step_text(
    teams: &BTreeMap<Team, String>,
    players: &[String],
    boards: Option<&Boards>,
    r: &Ruling,
    player: Option<usize>,
    board: Option<BoardAt>,
) -> String {
    match (board, boards) {
        (Some(at), Some(b)) => board_ruling_text(teams, &at, b.lost_result, r),
        (Some(at), None) => format!("{} · {}", board_at_text(&at), who_text(teams, players, r, player)),
        _ => who_text(teams, players, r, player),
    }
}

/// A ruling's reason · rule · referee (the ones given), its rule a link to the 规则 tab.
fn detail_view(fields: &[String; 3]) -> impl IntoView {
    let shown: Vec<(usize, String)> = fields.iter().cloned().enumerate().filter(|(_, s)| !s.is_empty()).collect();
    let n = shown.len();
    shown
        .into_iter()
        .enumerate()
        .map(|(k, (i, s))| {
            let sep = (k + 1 < n).then_some(" · ");
            view! {
                <crate::ui::rules_tab::CiteText text=s whole=i == 1 />
                {sep}
            }
        })
        .collect_view()
}

/// What a ruling does, in words: "蓝队 罚 2 级", "红队 判负 → 蓝队 胜本局".
pub fn ruling_text(teams: &BTreeMap<Team, String>, r: &Ruling) -> String {
    let name = |x: Team| teams.get(&x).cloned().filter(|n| !n.is_empty()).unwrap_or_else(|| format!("{x:?}"));
    match r {
        Ruling::LevelPenalty { team, levels } => {
            format!("{} {} {levels} {}", name(*team), t("ruling.minus"), t("ruling.levels_unit"))
        }
        Ruling::GameLost { team } => {
            format!("{} {} → {} {}", name(*team), t("ruling.game_lost"), name(team.other()), t("ruling.wins_game"))
        }
        Ruling::Warning { team } => format!("{} {}", name(*team), t("ruling.warning")),
        Ruling::Late { team, minutes } => {
            format!("{} {} {minutes} {}", name(*team), t("ruling.late"), t("ruling.minutes_unit"))
        }
        Ruling::Disqualified { team } => format!("{} {}", name(*team), t("ruling.disqualified")),
    }
}

/// The boards a 双升 match's rulings name ([`RulingPanel`]'s `boards`): the board list's
/// numbers, and the offending team's board result when a board is lost by ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boards {
    /// The board numbers, in list order.
    pub numbers: Vec<u32>,
    /// The offending team's result on a board lost by ruling (−20 in 003).
    pub lost_result: i32,
}

/// Where a ruling applies, in words: "第 3 副 · 第 1 桌".
pub fn board_at_text(at: &BoardAt) -> String {
    format!(
        "{} · {}",
        t("dup.board_n").replace("{n}", &at.number.to_string()),
        t("dup.table_n").replace("{n}", &at.table.to_string())
    )
}

/// A ruling on a 双升 board, in words: "第 3 副 · 第 1 桌 · 红队 判负 → 红队 本副结果 −20 (解读)".
fn board_ruling_text(teams: &BTreeMap<Team, String>, at: &BoardAt, lost_result: i32, r: &Ruling) -> String {
    let name = |x: Team| teams.get(&x).cloned().filter(|n| !n.is_empty()).unwrap_or_else(|| format!("{x:?}"));
    let what = match r {
        Ruling::GameLost { team } => format!(
            "{} {} → {} {} {} ({})",
            name(*team),
            t("ruling.game_lost"),
            name(*team),
            t("dup.board_result"),
            if lost_result > 0 { format!("+{lost_result}") } else { format!("−{}", -lost_result) },
            t("dup.reading")
        ),
        _ => ruling_text(teams, r),
    };
    format!("{} · {what}", board_at_text(at))
}

/// The kinds the panel offers, with their button id and text key.
const KINDS: [(Kind, &str, &str); 5] = [
    (Kind::Warning, "ruling-warning", "ruling.warning"),
    (Kind::LevelPenalty, "ruling-level-penalty", "ruling.level_penalty"),
    (Kind::GameLost, "ruling-game-lost", "ruling.game_lost"),
    (Kind::Late, "ruling-late", "ruling.late"),
    (Kind::Disqualified, "ruling-disqualified", "ruling.disqualified"),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Warning,
    LevelPenalty,
    GameLost,
    Late,
    Disqualified,
}

/// One ruling entry of the match with its appeal, for the list and the result sheet.
#[derive(Clone)]
struct Step {
    id: String,
    at: f64,
    /// The ruling as in force after its edits (an appeal decides on top of it).
    ruling: Ruling,
    /// A session's player it is against.
    player: Option<usize>,
    /// A 双升 board and table it applies to.
    board: Option<BoardAt>,
    /// Reason, rule and referee as in force, for loading the form to edit it.
    fields: [String; 3],
    detail: String,
    /// When it was last edited in place.
    edited: Option<f64>,
    /// The decision in force and its line ("申诉 (红队) → 撤销 · 裁判长 · 12:03").
    appeal: Option<(AppealDecision, String)>,
}

/// The rulings of `m` that are not deleted, newest first, each as edited, with the appeal in
/// force.
fn steps(x: &Match, teams: &BTreeMap<Team, String>, players: &[String]) -> Vec<Step> {
    let voided = x.voided();
    let appeals = x.appeals();
    let edits = x.ruling_edits();
    x.entries
        .iter()
        .rev()
        .filter(|e| !voided.contains(e.id.as_str()))
        .filter_map(|e| match &e.op {
            Op::Ruling { ruling, player, board, reason, rule, referee } => {
                let edit = edits.get(e.id.as_str());
                let (ruling, player, board, reason, rule, referee) = match edit.map(|c| &c.op) {
                    Some(Op::CorrectRuling { ruling, player, board, reason, rule, referee, .. }) => {
                        (ruling, player, board, reason, rule, referee)
                    }
                    _ => (ruling, player, board, reason, rule, referee),
                };
                let detail = [reason.clone(), rule.clone(), referee.clone()]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(" · ");
                let appeal = appeals.get(e.id.as_str()).map(|(a, d)| {
                    let Op::Appeal { appellant, decided_by, decided_ms, .. } = &a.op else { unreachable!() };
                    let what = match d {
                        AppealDecision::Upheld => t("appeal.upheld").to_string(),
                        AppealDecision::Overturned => t("appeal.overturned").to_string(),
                        AppealDecision::Replaced { ruling } => {
                            format!("{} {}", t("appeal.replaced"), who_text(teams, players, ruling, *player))
                        }
                    };
                    let by = match decided_by {
                        Decider::ChiefReferee => t("appeal.chief"),
                        Decider::Committee => t("appeal.committee"),
                    };
                    (*d, format!("{} ({appellant}) → {what} · {by} · {}", t("appeal.title"), fmt_time(*decided_ms)))
                });
                Some(Step {
                    id: e.id.clone(),
                    at: e.at_ms,
                    ruling: *ruling,
                    player: *player,
                    board: *board,
                    fields: [reason.clone(), rule.clone(), referee.clone()],
                    detail,
                    edited: edit.map(|c| c.at_ms),
                    appeal,
                })
            }
            _ => None,
        })
        .collect()
}

/// The rulings of a match for the result sheet: each ruling, its appeal and the decision in
/// force (an overturned ruling struck through).
#[component]
pub fn RulingSteps(m: Memo<Option<Arc<Match>>>, teams: Signal<BTreeMap<Team, String>>) -> impl IntoView {
    view! {
        <ul class="rulings muted" id="sheet-rulings">
            {move || {
                let tm = teams.get();
                m.with(|x| x.as_ref().map(|x| steps(x, &tm, &[])).unwrap_or_default())
                    .into_iter()
                    .map(|s| {
                        let gone = matches!(
                            s.appeal,
                            Some((AppealDecision::Overturned | AppealDecision::Replaced { .. }, _))
                        );
                        view! {
                            <li data-entry=s.id.clone()>
                                <span class:voided=gone>{step_text(&tm, &[], None, &s.ruling, s.player, s.board)}</span>
                                " · "
                                {s.detail.clone()}
                                " · "
                                {fmt_time(s.at)}
                                {s.appeal.map(|(_, line)| view! { <span class="appeal">" · "{line}</span> })}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
    }
}

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
    let board_at = move || on_boards.then(|| BoardAt { number: board_no.get(), table: table_no.get() });
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
    let version_of = |m: &Match, id: &str| -> String {
        let voided = m.voided();
        m.entries
            .iter()
            .rev()
            .find(|e| {
                matches!(&e.op, Op::CorrectRuling { target, .. } if target == id) && !voided.contains(e.id.as_str())
            })
            .map(|e| e.id.clone())
            .unwrap_or_else(|| id.to_string())
    };
    // The ruling whose appeal form is open, and the form's choices.
    let appealing: RwSignal<Option<String>> = RwSignal::new(None);
    let appellant = RwSignal::new(String::new());
    let decision = RwSignal::new(0u8); // 0 upheld, 1 overturned, 2 replaced
    let decider = RwSignal::new(Decider::ChiefReferee);
    let reason = RwSignal::new(String::new());
    let rule = RwSignal::new(String::new());
    let referee = RwSignal::new(String::new());
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let need_who = move || if session { t("ruling.need_player") } else { t("ruling.need_team") }.to_string();
    // The ruling chosen in the form and its player (a session's).
    let ruling = move || {
        who.get().map(|w| {
            let (team, player) = w.parts();
            let r = match kind.get() {
                Kind::Warning => Ruling::Warning { team },
                Kind::LevelPenalty => Ruling::LevelPenalty { team, levels: levels.get() },
                Kind::GameLost => Ruling::GameLost { team },
                Kind::Late => Ruling::Late { team, minutes: minutes.get() },
                Kind::Disqualified => Ruling::Disqualified { team },
            };
            (r, player)
        })
    };
    let describe = move |r: &Ruling, player: Option<usize>| {
        let at = board_at();
        players.with_untracked(|ps| {
            teams.with_untracked(|tm| {
                boards.with_untracked(|b| step_text(tm, ps, on_boards.then_some(b), r, player, at))
            })
        })
    };
    let clear = move || {
        who.set(None);
        reason.set(String::new());
        rule.set(String::new());
        editing.set(None);
    };
    let decide = move |target: String| {
        error.set(None);
        let Some(x) = m.get_untracked() else { return };
        let d = match decision.get_untracked() {
            0 => AppealDecision::Upheld,
            1 => AppealDecision::Overturned,
            // A session's replacement is against the same player (the replay keeps it).
            _ => match ruling() {
                Some((r, _)) => AppealDecision::Replaced { ruling: r },
                None => {
                    error.set(Some(need_who()));
                    return;
                }
            },
        };
        if !window().confirm_with_message(t("appeal.confirm")).unwrap_or(false) {
            return;
        }
        let op = Op::Appeal {
            target,
            appellant: appellant.get_untracked().trim().to_string(),
            decision: d,
            decided_by: decider.get_untracked(),
            decided_ms: js_sys::Date::now(),
        };
        match commit(&x, op) {
            Ok(()) => {
                appealing.set(None);
                appellant.set(String::new());
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let record = move |_| {
        error.set(None);
        let Some(x) = m.get_untracked() else { return };
        let Some((r, player)) = ruling() else {
            error.set(Some(need_who()));
            return;
        };
        if referee.get_untracked().trim().is_empty() {
            error.set(Some(t("ruling.need_referee").to_string()));
            return;
        }
        let target = editing.get_untracked();
        if let Some(id) = &target {
            let changed = loaded_version.get_untracked().is_some_and(|v| v != version_of(&x, id));
            if changed && !window().confirm_with_message(t("ruling.edit_changed")).unwrap_or(false) {
                return;
            }
        }
        // A ruling decides a game: recorded (or changed) only when the referee confirms what it does.
        let ask = if target.is_some() { t("ruling.edit_confirm") } else { t("ruling.confirm") };
        let question = format!("{ask}: {}?", describe(&r, player));
        if !window().confirm_with_message(&question).unwrap_or(false) {
            return;
        }
        let (reason, rule, referee) = (
            reason.get_untracked().trim().to_string(),
            rule.get_untracked().trim().to_string(),
            referee.get_untracked().trim().to_string(),
        );
        let op = match target {
            Some(target) => Op::CorrectRuling { target, ruling: r, player, board: board_at(), reason, rule, referee },
            None => Op::Ruling { ruling: r, player, board: board_at(), reason, rule, referee },
        };
        match commit(&x, op) {
            Ok(()) => clear(),
            Err(e) => error.set(Some(e)),
        }
    };
    // Loads a ruling into the form to edit it in place.
    let load = move |s: &Step| {
        error.set(None);
        who.set(Some(Who::of(&s.ruling, s.player)));
        if let Some(at) = s.board {
            board_no.set(at.number);
            table_no.set(at.table);
        }
        match s.ruling {
            Ruling::Warning { .. } => kind.set(Kind::Warning),
            Ruling::LevelPenalty { levels: n, .. } => {
                kind.set(Kind::LevelPenalty);
                levels.set(n.max(1));
            }
            Ruling::GameLost { .. } => kind.set(Kind::GameLost),
            Ruling::Late { minutes: n, .. } => {
                kind.set(Kind::Late);
                minutes.set(n);
            }
            Ruling::Disqualified { .. } => kind.set(Kind::Disqualified),
        }
        reason.set(s.fields[0].clone());
        rule.set(s.fields[1].clone());
        referee.set(s.fields[2].clone());
        editing.set(Some(s.id.clone()));
        loaded_version.set(m.with_untracked(|x| x.as_ref().map(|x| version_of(x, &s.id))));
    };
    let delete = move |id: String| {
        let Some(x) = m.get_untracked() else { return };
        if !window().confirm_with_message(t("ruling.delete_confirm")).unwrap_or(false) {
            return;
        }
        if let Err(e) = commit(&x, Op::Void { target: id, reason: "delete".into() }) {
            io::alert(&e);
        }
    };
    // The rulings not deleted, newest first, as edited, with their appeals.
    let list = move || {
        let tm = teams.get();
        let ps = players.get();
        m.with(|x| x.as_ref().map(|x| steps(x, &tm, &ps)).unwrap_or_default())
    };
    // The choices of who: the two teams, or the session's players.
    let whos = move || -> Vec<(Who, String, String)> {
        if session {
            players.with(|ps| (0..ps.len()).map(|p| (Who::Player(p), format!("p{p}"), player_name(ps, p))).collect())
        } else {
            teams.with(|tm| {
                Team::BOTH
                    .into_iter()
                    .map(|x| {
                        let name = tm.get(&x).cloned().filter(|n| !n.is_empty()).unwrap_or_else(|| format!("{x:?}"));
                        (Who::Team(x), format!("{x:?}"), name)
                    })
                    .collect()
            })
        }
    };
    let kinds =
        move || KINDS.into_iter().filter(move |(k, _, _)| !((session || on_boards) && *k == Kind::LevelPenalty));
    view! {
        <details class="ruling-panel" id="ruling-panel">
            <summary>
                {tx("ruling.title")}" ("
                {move || m.with(|x| x.as_ref().map(|x| steps(x, &BTreeMap::new(), &[]).len()).unwrap_or(0))}")"
            </summary>
            <Show when=move || !locked.get()>
                <Show when=move || on_boards>
                    <label class="field-label" for="ruling-board">
                        {tx("dup.board")}
                    </label>
                    <select
                        id="ruling-board"
                        prop:value=move || board_no.get().to_string()
                        on:change=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse() {
                                board_no.set(n);
                            }
                        }
                    >
                        {move || {
                            boards
                                .get()
                                .numbers
                                .into_iter()
                                .map(|n| {
                                    view! {
                                        <option value=n.to_string() selected=move || board_no.get() == n>
                                            {t("dup.board_n").replace("{n}", &n.to_string())}
                                        </option>
                                    }
                                })
                                .collect_view()
                        }}
                    </select>
                    <p class="field-label">{tx("dup.table_short")}</p>
                    <div class="actions">
                        {[1u8, 2]
                            .into_iter()
                            .map(|tb| {
                                view! {
                                    <button
                                        class="btn chip"
                                        data-ruling-table=tb.to_string()
                                        aria-pressed=move || (table_no.get() == tb).to_string()
                                        class:selected=move || table_no.get() == tb
                                        on:click=move |_| table_no.set(tb)
                                    >
                                        {t("dup.table_n").replace("{n}", &tb.to_string())}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                </Show>
                <p class="field-label">{move || if session { t("ruling.player") } else { t("ruling.team") }}</p>
                <div class="actions">
                    {move || {
                        whos()
                            .into_iter()
                            .map(|(w, key, name)| {
                                let (team_attr, player_attr) = match w {
                                    Who::Team(_) => (Some(key), None),
                                    Who::Player(p) => (None, Some(p.to_string())),
                                };
                                view! {
                                    <button
                                        class="btn chip"
                                        data-ruling-team=team_attr
                                        data-ruling-player=player_attr
                                        aria-pressed=move || (who.get() == Some(w)).to_string()
                                        class:selected=move || who.get() == Some(w)
                                        on:click=move |_| who.set(Some(w))
                                    >
                                        {name}
                                    </button>
                                }
                            })
                            .collect_view()
                    }}
                </div>
                <p class="field-label">{tx("ruling.kind")}</p>
                <div class="actions">
                    {kinds()
                        .map(|(k, id, key)| {
                            view! {
                                <button
                                    class="btn chip"
                                    id=id
                                    aria-pressed=move || (kind.get() == k).to_string()
                                    class:selected=move || kind.get() == k
                                    on:click=move |_| kind.set(k)
                                >
                                    {t(key)}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <Show when=move || kind.get() == Kind::Late>
                    <div class="count late">
                        <button
                            class="btn"
                            aria-label="−"
                            on:click=move |_| minutes.update(|n| *n = n.saturating_sub(1))
                        >
                            "−"
                        </button>
                        <span id="ruling-minutes">{move || minutes.get()}" "{tx("ruling.minutes_unit")}</span>
                        <button class="btn" aria-label="+" on:click=move |_| minutes.update(|n| *n = (*n + 1).min(600))>
                            "+"
                        </button>
                    </div>
                </Show>
                <Show when=move || kind.get() == Kind::LevelPenalty>
                    <div class="count">
                        <button
                            class="btn"
                            aria-label="−"
                            on:click=move |_| levels.update(|n| *n = (*n).saturating_sub(1).max(1))
                        >
                            "−"
                        </button>
                        <span id="ruling-levels">{move || levels.get()}" "{tx("ruling.levels_unit")}</span>
                        <button class="btn" aria-label="+" on:click=move |_| levels.update(|n| *n = (*n + 1).min(12))>
                            "+"
                        </button>
                    </div>
                </Show>
                <label class="field-label" for="ruling-reason">
                    {tx("ruling.reason")}
                </label>
                <input
                    id="ruling-reason"
                    maxlength=schema::MAX_TEXT
                    prop:value=move || reason.get()
                    on:input=move |ev| reason.set(event_target_value(&ev))
                />
                <label class="field-label" for="ruling-rule">
                    {tx("ruling.rule")}
                </label>
                <input
                    id="ruling-rule"
                    maxlength=schema::MAX_TEXT
                    placeholder=move || crate::ui::dt("000 §一(五)4")
                    prop:value=move || rule.get()
                    on:input=move |ev| rule.set(event_target_value(&ev))
                />
                <label class="field-label" for="ruling-referee">
                    {tx("ruling.referee")}
                </label>
                <input
                    id="ruling-referee"
                    maxlength=schema::MAX_TITLE
                    prop:value=move || referee.get()
                    on:input=move |ev| referee.set(event_target_value(&ev))
                />
                <p class="verdict" id="ruling-preview">
                    {move || {
                        ruling()
                            .map(|(r, player)| {
                                let at = board_at();
                                players
                                    .with(|ps| {
                                        teams
                                            .with(|tm| {
                                                boards
                                                    .with(|b| step_text(tm, ps, on_boards.then_some(b), &r, player, at))
                                            })
                                    })
                            })
                            .unwrap_or_else(need_who)
                    }}
                </p>
                {move || {
                    error
                        .get()
                        .map(|e| {
                            view! {
                                <div class="banner error" role="alert" id="ruling-error">
                                    {e}
                                </div>
                            }
                        })
                }}
                {move || {
                    editing
                        .get()
                        .map(|_| {
                            view! {
                                <p class="banner info" id="ruling-editing">
                                    {tx("ruling.editing")}
                                    <button class="btn" id="ruling-edit-cancel" on:click=move |_| clear()>
                                        {tx("ruling.edit_cancel")}
                                    </button>
                                </p>
                            }
                        })
                }}
                <button class="btn danger" id="ruling-commit" on:click=record>
                    {move || if editing.get().is_some() { t("ruling.edit_commit") } else { t("ruling.commit") }}
                </button>
            </Show>
            <ul class="rulings" id="rulings">
                {move || {
                    let tm = teams.get();
                    let ps = players.get();
                    let bs = boards.get();
                    list()
                        .into_iter()
                        .map(|s| {
                            let id = s.id.clone();
                            let target = id.clone();
                            let open_id = id.clone();
                            let form_id = id.clone();
                            let decide_id = id.clone();
                            let gone = matches!(
                                s.appeal,
                                Some((AppealDecision::Overturned | AppealDecision::Replaced { .. }, _))
                            );
                            let edited = s.edited.map(|at| format!(" · {} {}", t("ruling.edited"), fmt_time(at)));
                            let step = s.clone();
                            view! {
                                <li class="ruling-row" data-entry=id>
                                    <strong class:voided=gone>
                                        {step_text(&tm, &ps, on_boards.then_some(&bs), &s.ruling, s.player, s.board)}
                                    </strong>
                                    <span class="muted">
                                        " " {detail_view(&s.fields)} " · " {fmt_time(s.at)} {edited}
                                    </span>
                                    {s.appeal.map(|(_, line)| view! { <span class="appeal">" "{line}</span> })}
                                    <Show when=move || !locked.get()>
                                        <button
                                            class="btn ruling-edit"
                                            on:click={
                                                let step = step.clone();
                                                move |_| load(&step)
                                            }
                                        >
                                            {tx("ruling.edit")}
                                        </button>
                                        <button
                                            class="btn appeal-open"
                                            on:click={
                                                let open_id = open_id.clone();
                                                move |_| appealing.set(Some(open_id.clone()))
                                            }
                                        >
                                            {tx("appeal.title")}
                                        </button>
                                    </Show>
                                    <Show when={
                                        let form_id = form_id.clone();
                                        move || appealing.get().as_deref() == Some(form_id.as_str())
                                    }>
                                        <div class="appeal-form">
                                            <input
                                                class="appeal-appellant"
                                                maxlength=schema::MAX_TITLE
                                                placeholder=t("appeal.appellant")
                                                prop:value=move || appellant.get()
                                                on:input=move |ev| appellant.set(event_target_value(&ev))
                                            />
                                            <div class="actions">
                                                {[
                                                    (0u8, "appeal-upheld", "appeal.upheld"),
                                                    (1, "appeal-overturned", "appeal.overturned"),
                                                    (2, "appeal-replaced", "appeal.replaced_form"),
                                                ]
                                                    .into_iter()
                                                    .map(|(d, cls, key)| {
                                                        view! {
                                                            <button
                                                                class=format!("btn chip {cls}")
                                                                class:selected=move || decision.get() == d
                                                                on:click=move |_| decision.set(d)
                                                            >
                                                                {t(key)}
                                                            </button>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                            <div class="actions">
                                                {[
                                                    (Decider::ChiefReferee, "appeal-chief", "appeal.chief"),
                                                    (Decider::Committee, "appeal-committee", "appeal.committee"),
                                                ]
                                                    .into_iter()
                                                    .map(|(d, cls, key)| {
                                                        view! {
                                                            <button
                                                                class=format!("btn chip {cls}")
                                                                class:selected=move || decider.get() == d
                                                                on:click=move |_| decider.set(d)
                                                            >
                                                                {t(key)}
                                                            </button>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                            <button
                                                class="btn appeal-commit"
                                                on:click={
                                                    let decide_id = decide_id.clone();
                                                    move |_| decide(decide_id.clone())
                                                }
                                            >
                                                {tx("appeal.commit")}
                                            </button>
                                        </div>
                                    </Show>
                                    <Show when=move || !locked.get()>
                                        <button
                                            class="btn delete"
                                            on:click={
                                                let target = target.clone();
                                                move |_| delete(target.clone())
                                            }
                                        >
                                            {tx("hist.delete")}
                                        </button>
                                    </Show>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </details>
    }
}
