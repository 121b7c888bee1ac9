//! Texts of the event pages in the UI language: kinds, presets, formats, scoring, slots,
//! sync conflicts and log entries, and the errors and warnings of the tournament layer.

use super::*;

pub(super) fn kind_name(l: Lang, k: EntrantKind) -> &'static str {
    tr(
        l,
        match k {
            EntrantKind::Player => "ev.kind.player",
            EntrantKind::Pair => "ev.kind.pair",
            EntrantKind::Team => "ev.kind.team",
        },
    )
}

/// A game preset's name: the table's translation, else the built-in preset's own name
/// ([`crate::i18n::data_text`]), else its id (a preset this build does not know).
pub(super) fn preset_label(l: Lang, game: &str, id: &str) -> String {
    if let Some(n) = crate::i18n::preset_name(l, id) {
        return n.to_string();
    }
    let own = crate::record::game::GameId::parse(game).and_then(|g| g.preset_name(id));
    match own {
        Some(n) => crate::i18n::data_text(l, &n),
        None => id.to_string(),
    }
}

pub(super) fn format_name(l: Lang, id: &str) -> String {
    crate::i18n::lookup(l, &format!("ev.fmt.{id}")).map(str::to_string).unwrap_or_else(|| id.to_string())
}

pub(super) fn format_text(l: Lang, f: &Format) -> String {
    match f {
        Format::RoundRobin { max_rounds, group_size } => {
            let mut s = match group_size {
                Some(g) => tr(l, "ev.f.rr_groups").replace("{n}", &g.to_string()),
                None => tr(l, "ev.f.rr").to_string(),
            };
            if let Some(n) = max_rounds {
                s.push_str(&format!(" ({})", tr(l, "ev.f.first_rounds").replace("{n}", &n.to_string())));
            }
            s
        }
        Format::Knockout { best_of, long_rounds, long_best_of } => {
            let mut s =
                format!("{} · {}", tr(l, "ev.f.ko"), tr(l, "ev.f.best_of").replace("{n}", &best_of.to_string()));
            if *long_rounds > 0 && long_best_of != best_of {
                s.push_str(&format!(
                    "; {}",
                    tr(l, "ev.f.long")
                        .replace("{k}", &long_rounds.to_string())
                        .replace("{n}", &long_best_of.to_string())
                ));
            }
            s
        }
        Format::Groups { size } => tr(l, "ev.f.groups").replace("{n}", &size.to_string()),
    }
}

fn primary_text(l: Lang, p: &Primary) -> String {
    match p {
        Primary::MatchPoints { win, draw, loss, forfeit } => tr(l, "ev.p.match")
            .replace("{w}", &win.to_string())
            .replace("{d}", &draw.to_string())
            .replace("{l}", &loss.to_string())
            .replace("{f}", &forfeit.to_string()),
        Primary::GamePoints { win, loss, forfeit, games } => tr(l, "ev.p.game")
            .replace("{w}", &win.to_string())
            .replace("{l}", &loss.to_string())
            .replace("{f}", &forfeit.to_string())
            .replace("{g}", &games.to_string()),
        Primary::Points => tr(l, "ev.p.points").to_string(),
    }
}

pub(super) fn scoring_lines(l: Lang, c: &Competition) -> Vec<String> {
    let mut v = vec![format!("{}: {}", tr(l, "ev.scoring"), primary_text(l, &c.scoring.primary))];
    if !c.scoring.tie_breaks.is_empty() {
        v.push(format!(
            "{}: {}",
            tr(l, "ev.tie_breaks"),
            c.scoring.tie_breaks.iter().map(|x| output::tie_break_name(l, *x)).collect::<Vec<_>>().join(" → ")
        ));
    }
    v.push(tr(l, "ev.playoff_rule").to_string());
    if let Some([w, lo]) = c.scoring.forfeit_score {
        v.push(format!("{}: {w}:{lo}", tr(l, "ev.forfeit_score")));
    }
    if let Some(n) = c.scoring.forfeits_cancel {
        v.push(format!(
            "{} ({})",
            tr(l, "ev.forfeits_cancel").replace("{n}", &n.to_string()),
            tr(l, if c.scoring.cancel_keeps_opponents { "ev.cancel_keeps" } else { "ev.cancel_all" })
        ));
    }
    v.push(format!(
        "{}: {}",
        tr(l, "ev.seats"),
        tr(l, if c.seat_rule == SeatRule::Balanced { "ev.seat.balanced" } else { "ev.seat.lower_draw" })
    ));
    v
}

pub(super) fn slot_name(l: Lang, e: &Event, r: Option<&FixtureResult>, k: usize, s: &Slot) -> String {
    match (r.and_then(|r| r.sides.get(k).cloned().flatten()), s) {
        (Some(id), _) => e.entrant_label(&id),
        (None, Slot::Bye) => tr(l, "ev.bye").to_string(),
        (None, Slot::Winner { fixture }) => tr(l, "ev.winner_of").replace("{f}", fixture),
        (None, Slot::Entrant { id }) => e.entrant_label(id),
    }
}

/// A log entry as the referee reads it (for the side-by-side conflict view).
/// One choice between two versions of an entry (a differing entry, or a fork): this
/// device's and the file's side by side, each with its button; `choose` records the choice.
/// Shared by the event's sync page and the home import.
pub(crate) fn conflict_item(
    l: Lang,
    m: Option<&Match>,
    cf: &sync::Conflict,
    head: String,
    choose: impl Fn(sync::Choice) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let keep = choose.clone();
    view! {
        <li class="conflict" data-match=cf.match_id.clone() data-entry=cf.local.id.clone()>
            <p>
                <strong>{head}</strong>
            </p>
            <div class="side-by-side">
                <div class="version local">
                    <h4>{tr(l, "ev.sync.local")}</h4>
                    <p class="desc">{describe(l, m, &cf.local)}</p>
                    <p class="muted">{fmt_time(cf.local.at_ms)}</p>
                    <button class="btn keep-local" on:click=move |_| keep(sync::Choice::Local)>
                        {tr(l, "ev.sync.keep_local")}
                    </button>
                </div>
                <div class="version incoming">
                    <h4>{tr(l, "ev.sync.file")}</h4>
                    <p class="desc">{describe(l, m, &cf.incoming)}</p>
                    <p class="muted">{fmt_time(cf.incoming.at_ms)}</p>
                    <button class="btn primary take-file" on:click=move |_| choose(sync::Choice::Incoming)>
                        {tr(l, "ev.sync.take_file")}
                    </button>
                </div>
            </div>
        </li>
    }
}

/// One entry in words, for a side-by-side choice between two versions.
pub(crate) fn describe(l: Lang, m: Option<&Match>, e: &Entry) -> String {
    let hand_text = |h: &HandInput| -> String {
        match h {
            HandInput::Guandan(g) => {
                let name = |s: crate::rules::Seat| {
                    let p = m.and_then(|m| match &m.setup {
                        crate::record::Setup::Guandan(x) => x.players.get(&s).cloned(),
                        _ => None,
                    });
                    match p.filter(|p| !p.is_empty()) {
                        Some(p) => format!("{} {}", seat_name(l, s), crate::bidi::isolate(&p)),
                        None => seat_name(l, s).to_string(),
                    }
                };
                if let Some(f) = &g.forfeit {
                    format!("{}: {}", tr(l, "ev.sync.forfeit"), team_side(l, f.team))
                } else {
                    format!(
                        "{}: {}",
                        tr(l, "ev.sync.order"),
                        g.order.seats().iter().map(|s| name(*s)).collect::<Vec<_>>().join(" → ")
                    )
                }
            }
            HandInput::Shengji(s) => format!("{}: {}", tr(l, "ev.sync.points"), s.points),
            other => {
                let j = crate::json::to_string(other).unwrap_or_default();
                j.chars().take(200).collect()
            }
        }
    };
    let number =
        m.and_then(|m| m.entries.iter().filter(|x| matches!(x.op, Op::Hand { .. })).position(|x| x.id == e.id));
    let op = crate::i18n::op_name(l, &e.op);
    let body = match &e.op {
        Op::Hand { hand } => hand_text(hand),
        Op::Correct { hand, .. } => hand_text(hand),
        Op::Void { target, reason } => format!("{target} {reason}"),
        other => crate::json::to_string(other).unwrap_or_default().chars().take(200).collect(),
    };
    match number {
        Some(n) => format!("{op} #{} · {body}", n + 1),
        None => format!("{op} · {body}"),
    }
}

/// Why typed entrants were refused, naming the line typed (1-based).
pub(super) fn entrants_error_text(l: Lang, e: &tm::EntrantsError) -> String {
    let tm::EntrantsError::Line(x) = e else { return e.to_string() };
    let max = |s: &str| s.replace("{max}", &tm::MAX_NAME.to_string());
    let why = match &x.problem {
        tm::LineProblem::NoName => tr(l, "ev.en.no_name").to_string(),
        tm::LineProblem::NameTooLong => max(tr(l, "ev.en.name_long")),
        tm::LineProblem::TooManyMembers => tr(l, "ev.en.members_many").replace("{max}", &tm::MAX_MEMBERS.to_string()),
        tm::LineProblem::MemberTooLong(k) => max(tr(l, "ev.en.member_long")).replace("{k}", &k.to_string()),
        tm::LineProblem::NameTwice { name, first } => tr(l, "ev.en.name_twice")
            .replace("{name}", &crate::bidi::isolated(name))
            .replace("{first}", &first.to_string()),
        tm::LineProblem::NameTaken { name, row } => name_taken(l, name, *row),
        tm::LineProblem::Refused { field, reason } => format!("{field}: {reason}"),
    };
    format!("{}: {why}", tr(l, "ev.en.line").replace("{n}", &x.line.to_string()))
}

/// `name` is already the name of the entrant on row `row` (1-based) of the entrants tab.
fn name_taken(l: Lang, name: &str, row: usize) -> String {
    tr(l, "ev.en.name_taken").replace("{name}", &crate::bidi::isolated(name)).replace("{row}", &row.to_string())
}

/// Why an entrant keeps its name ([`tm::rename_entrant`]); `old` is the name it keeps.
pub(super) fn rename_error_text(l: Lang, e: &tm::RenameError, old: &str) -> String {
    match e {
        tm::RenameError::Empty => tr(l, "ev.en.rename_empty").replace("{name}", &crate::bidi::isolated(old)),
        tm::RenameError::TooLong => tr(l, "ev.en.name_long").replace("{max}", &tm::MAX_NAME.to_string()),
        tm::RenameError::Taken { name, row } => name_taken(l, name, *row),
        tm::RenameError::Missing => tr(l, "ev.en.rename_gone").to_string(),
    }
}

/// A team (or a pair) left short of the players its competition seats ([`tm::check_teams`]):
/// the competition, the team or pair, what it has and needs; nothing was changed.
pub(super) fn short_team_text(l: Lang, e: &Event, s: &tm::ShortTeam) -> String {
    let comp = e.competition(&s.competition).map_or_else(|| s.competition.clone(), |c| crate::bidi::isolated(&c.name));
    let pair = e.entrant(&s.entrant).is_some_and(|x| x.kind == EntrantKind::Pair);
    tr(l, if pair { "ev.en.short_pair" } else { "ev.en.short_team" })
        .replace("{comp}", &comp)
        .replace("{team}", &e.entrant_label(&s.entrant))
        .replace("{have}", &s.have.to_string())
        .replace("{need}", &s.need.to_string())
        .replace("{pairs}", &(s.need / 2).to_string())
}

pub(super) fn leg_error_text(e: &tables::LegError) -> String {
    match e {
        tables::LegError::Unresolved => t("ev.leg.unresolved").to_string(),
        tables::LegError::Bye => t("ev.bye").to_string(),
        tables::LegError::GroupSize { have, want } => {
            t("ev.leg.group_size").replace("{have}", &have.to_string()).replace("{want}", &want.to_string())
        }
        other => other.to_string(),
    }
}

pub(super) fn warning_text(l: Lang, e: &Event, w: &schedule::Warning) -> String {
    use schedule::Warning::*;
    match w {
        TwiceInRound { round, entrant } => {
            tr(l, "ev.warn.twice").replace("{r}", &round.to_string()).replace("{e}", &e.entrant_label(entrant))
        }
        OtherGroup { a, b } => {
            tr(l, "ev.warn.other_group").replace("{a}", &e.entrant_label(a)).replace("{b}", &e.entrant_label(b))
        }
        MetTwice { a, b } => {
            tr(l, "ev.warn.met_twice").replace("{a}", &e.entrant_label(a)).replace("{b}", &e.entrant_label(b))
        }
        TableTwice { round, table } => {
            tr(l, "ev.warn.table").replace("{r}", &round.to_string()).replace("{t}", &table.to_string())
        }
        Unscheduled { entrant } => tr(l, "ev.warn.unscheduled").replace("{e}", &e.entrant_label(entrant)),
        GroupSize { fixture, size, want } => tr(l, "ev.warn.group")
            .replace("{f}", fixture)
            .replace("{n}", &size.to_string())
            .replace("{k}", &want.to_string()),
    }
}

/// Two versions of one event in a referee's terms ([`tm::compare_events`]), one line
/// each after a heading saying another version is stored: this device's counts, the other side's (`other`: the `ev.versions.*` label of a
/// file or a kept copy, and the key of its "games only it has" line), the games only one
/// side has, or that only other details differ.
pub(crate) fn versions_text(l: Lang, d: &tm::EventDiff, other: (&'static str, &'static str)) -> String {
    let counts = |side: &'static str, c: &tm::EventCounts| {
        let n = tr(l, "ev.versions.counts")
            .replace("{entrants}", &c.entrants.to_string())
            .replace("{games}", &c.competitions.to_string())
            .replace("{fixtures}", &c.fixtures.to_string())
            .replace("{matches}", &c.with_matches.to_string())
            .replace("{forfeits}", &c.forfeits.to_string());
        format!("{}: {n}", tr(l, side))
    };
    let only = |key: &'static str, names: &[String]| {
        let names: Vec<String> = names.iter().map(|n| crate::bidi::isolated(n)).collect();
        (!names.is_empty()).then(|| tr(l, key).replace("{names}", &names.join(", ")))
    };
    let mut lines =
        vec![tr(l, "ev.versions.head").to_string(), counts("ev.versions.here", &d.stored), counts(other.0, &d.other)];
    lines.extend(only("ev.versions.only_here", &d.only_stored));
    lines.extend(only(other.1, &d.only_other));
    if d.counts_equal() {
        lines.push(tr(l, "ev.versions.elsewhere").to_string());
    }
    lines.join("\n")
}

/// The `other` of [`versions_text`] for an event file.
pub(crate) const VERSIONS_FILE: (&str, &str) = ("ev.versions.file", "ev.versions.only_file");
/// The `other` of [`versions_text`] for a kept copy in the quarantine.
pub(crate) const VERSIONS_KEPT: (&str, &str) = ("ev.versions.kept", "ev.versions.only_kept");
