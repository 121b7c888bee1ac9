//! The roster (名册) on screen: the section of the events page that keeps teams with their
//! players across events, the chips that pick a kept team into an event's entrants (or a
//! new match's names), and saving an event's entrants to it. Storage is
//! [`store::read_roster`] / [`store::save_roster`]; a value that does not read is moved
//! aside and reported on the home and About pages like any other.

use super::*;
use crate::tournament::roster::{self, Roster, RosterTeam};

/// The stored roster; a value that does not read is moved aside and reported
/// ([`super::super::Ctx::quarantined`]) and the roster is empty.
pub(crate) fn read_roster() -> Roster {
    let (r, bad) = store::read_roster(now_ms());
    if let Some(q) = bad {
        ctx().quarantined.update(|v| v.push(q));
    }
    r
}

/// The roster as a signal, read again when another tab wrote it (the app's storage
/// listener bumps [`super::super::Ctx::events_changed`] for the roster too).
pub(crate) fn roster_signal() -> RwSignal<Roster> {
    let r = RwSignal::new(read_roster());
    let changed = ctx().events_changed;
    Effect::new(move |first: Option<()>| {
        changed.track();
        if first.is_some() {
            let now = read_roster();
            if r.with_untracked(|x| *x != now) {
                r.set(now);
            }
        }
    });
    r
}

/// Applies `f` to the roster as stored now (what another tab saved is kept), validates and
/// saves it; gives the roster saved, or the translated reason nothing changed.
pub(crate) fn edit_roster(f: impl FnOnce(&mut Roster)) -> Result<Roster, String> {
    let mut r = read_roster();
    f(&mut r);
    match store::save_roster(&r) {
        Ok(()) => Ok(r),
        Err(store::StoreError::Full) => Err(t("roster.full").to_string()),
        Err(store::StoreError::Invalid(e)) => {
            Err(format!("{}: {}", t("roster.not_saved"), super::super::reason_of(&e, true)))
        }
        Err(store::StoreError::Unavailable(x)) => {
            Err(format!("{}: {} ({x})", t("roster.not_saved"), t("err.unavailable")))
        }
    }
}

/// Saves `teams` to the roster (a team of the same name is replaced); gives the number of
/// teams added or changed.
pub(crate) fn save_teams(roster: RwSignal<Roster>, teams: Vec<RosterTeam>) -> Result<usize, String> {
    let mut n = 0;
    let saved = edit_roster(|r| {
        for t in teams {
            if r.put(t) {
                n += 1;
            }
        }
    })?;
    roster.set(saved);
    Ok(n)
}

/// The roster's teams as chips: a tap gives the team to `pick` (the caller fills its
/// names). Nothing is shown while the roster is empty.
#[component]
pub(crate) fn RosterPick(roster: RwSignal<Roster>, #[prop(into)] pick: Callback<RosterTeam>) -> impl IntoView {
    let lang = ctx().lang;
    move || {
        let teams = roster.with(|r| r.teams.clone());
        (!teams.is_empty()).then(|| {
            view! {
                <div class="roster-pick">
                    <span class="field-label">{tr(lang.get(), "roster.pick")}</span>
                    <div class="chips">
                        {teams
                            .into_iter()
                            .map(|team| {
                                let name = team.name.clone();
                                let title = team.members.join(", ");
                                view! {
                                    <button
                                        class="btn chip roster-pick-team"
                                        data-team=name.clone()
                                        title=title
                                        on:click=move |_| pick.run(team.clone())
                                    >
                                        {name.clone()}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                </div>
            }
        })
    }
}

/// The events page's roster section: every kept team with its kind, players and unit
/// (edited in place, removed with ×), and a form to add one.
#[component]
pub fn RosterSection() -> impl IntoView {
    let lang = ctx().lang;
    let roster = roster_signal();
    let msg: RwSignal<Option<(bool, String)>> = RwSignal::new(None);
    let name = RwSignal::new(String::new());
    let members = RwSignal::new(String::new());
    let kind = RwSignal::new(EntrantKind::Team);
    let apply = move |f: Box<dyn FnOnce(&mut Roster)>| match edit_roster(f) {
        Ok(r) => {
            roster.set(r);
            msg.set(None);
            true
        }
        Err(x) => {
            msg.set(Some((true, x)));
            false
        }
    };
    let add = move |_| {
        let n = name.get_untracked().trim().to_string();
        if n.is_empty() {
            msg.set(Some((true, t("roster.name_needed").to_string())));
            return;
        }
        let team = RosterTeam {
            name: n,
            kind: kind.get_untracked(),
            members: tm::split_members(&members.get_untracked()),
            unit: String::new(),
        };
        if apply(Box::new(move |r| {
            r.put(team);
        })) {
            name.set(String::new());
            members.set(String::new());
        }
    };
    view! {
        <section class="roster" id="roster">
            <h2>{tx("roster.title")}" ("{move || roster.with(|r| r.teams.len())}")"</h2>
            <p class="muted">{tx("roster.help")}</p>
            {move || {
                msg.get()
                    .map(|(err, m)| {
                        view! {
                            <div class=if err { "banner error" } else { "banner ok" } role="status" id="roster-msg">
                                {m}
                            </div>
                        }
                    })
            }}
            <ul class="roster-list" id="roster-list">
                {move || {
                    roster
                        .get()
                        .teams
                        .into_iter()
                        .map(|team| {
                            let l = lang.get();
                            let (n1, n2) = (team.name.clone(), team.name.clone());
                            let label = format!("{} ({})", crate::bidi::isolate(&team.name), kind_name(l, team.kind));
                            let input_id = format!("roster-m-{}", roster_dom_id(&team.name));
                            view! {
                                <li class="roster-team" data-team=team.name.clone()>
                                    <div class="roster-row">
                                        <label class="roster-name" for=input_id.clone()>
                                            {label}
                                        </label>
                                        <button
                                            class="btn chip roster-remove"
                                            title=tr(l, "roster.remove")
                                            on:click=move |_| {
                                                let n = n1.clone();
                                                apply(Box::new(move |r| r.remove(&n)));
                                                crate::ui::widgets::cool_after_commit();
                                            }
                                        >
                                            "×"
                                        </button>
                                    </div>
                                    <input
                                        class="roster-members"
                                        id=input_id
                                        maxlength=MEMBERS_TEXT_MAX
                                        prop:value=team.members.join(", ")
                                        on:change=move |x| {
                                            let v = tm::split_members(&event_target_value(&x));
                                            let n = n2.clone();
                                            apply(
                                                Box::new(move |r| {
                                                    if let Some(t) = r.team(&n).cloned() {
                                                        r.put(RosterTeam { members: v, ..t });
                                                    }
                                                }),
                                            );
                                        }
                                    />
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            <h3>{tx("roster.add")}</h3>
            <div class="chips" role="radiogroup">
                {[EntrantKind::Team, EntrantKind::Pair, EntrantKind::Player]
                    .into_iter()
                    .map(|k| {
                        view! {
                            <button
                                class="btn chip"
                                data-roster-kind=format!("{k:?}").to_lowercase()
                                class:selected=move || kind.get() == k
                                on:click=move |_| kind.set(k)
                            >
                                {move || kind_name(lang.get(), k)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label" for="roster-name">
                {tx("roster.name")}
            </label>
            <input
                id="roster-name"
                maxlength=tm::MAX_NAME
                prop:value=move || name.get()
                on:input=move |x| name.set(event_target_value(&x))
            />
            <label class="field-label" for="roster-members">
                {tx("ev.members")}
            </label>
            <input
                id="roster-members"
                maxlength=MEMBERS_TEXT_MAX
                placeholder=move || t("roster.members_example")
                prop:value=move || members.get()
                on:input=move |x| members.set(event_target_value(&x))
            />
            <button class="btn primary" id="roster-add" on:click=add>
                {tx("roster.add")}
            </button>
        </section>
    }
}

/// A DOM id part for a team name (names are any text; ids are ASCII): its characters'
/// code points.
fn roster_dom_id(name: &str) -> String {
    name.chars().map(|c| format!("{:x}", c as u32)).collect::<Vec<_>>().join("-")
}

/// The entrants tab's roster part: pick a kept team into the entrants' text, and save the
/// event's entrants to the roster.
#[component]
pub(super) fn EntrantsRoster(ev: Ev, bulk: RwSignal<String>, kind: RwSignal<EntrantKind>) -> impl IntoView {
    let roster = roster_signal();
    let pick = move |team: RosterTeam| {
        kind.set(team.kind);
        let line = roster::entrant_line(&team);
        bulk.update(|b| {
            // A team already in the text is not added again (a double tap on its chip).
            if b.lines().any(|x| x.trim() == line.trim()) {
                return;
            }
            if !b.is_empty() && !b.ends_with('\n') {
                b.push('\n');
            }
            b.push_str(&line);
        });
    };
    let save = move |_| {
        let teams: Vec<RosterTeam> = ev.ev.with_untracked(|e| {
            e.as_ref().map(|e| e.entrants.iter().map(roster::from_entrant).collect()).unwrap_or_default()
        });
        if teams.is_empty() {
            ev.error(t("roster.nothing_to_save"));
            return;
        }
        match save_teams(roster, teams) {
            Ok(n) => ev.ok(t("roster.saved").replace("{n}", &n.to_string())),
            Err(x) => ev.error(x),
        }
    };
    view! {
        <RosterPick roster=roster pick=pick />
        <button class="btn" id="en-to-roster" on:click=save>
            {tx("roster.save_entrants")}
        </button>
    }
}

/// A new match's form: pick each side's team from the roster. A tap fills the side's team
/// name and its two seats with the team's first two players (`seats` in the order N, E, S,
/// W: side A sits N/S, side B E/W). Nothing is shown while the roster is empty.
#[component]
pub(crate) fn RosterTeams(a: RwSignal<String>, b: RwSignal<String>, seats: [RwSignal<String>; 4]) -> impl IntoView {
    let roster = roster_signal();
    let lang = ctx().lang;
    let fill = move |side: usize, team: &RosterTeam| {
        let (name, first, second) = if side == 0 { (a, seats[0], seats[2]) } else { (b, seats[1], seats[3]) };
        name.set(team.name.clone());
        first.set(team.members.first().cloned().unwrap_or_default());
        second.set(team.members.get(1).cloned().unwrap_or_default());
    };
    move || {
        let teams = roster.with(|r| r.teams.clone());
        let l = lang.get();
        (!teams.is_empty()).then(|| {
            [(0usize, crate::rules::Team::A), (1, crate::rules::Team::B)]
                .into_iter()
                .map(|(side, team)| {
                    let label = tr(l, "roster.pick_for").replace("{side}", team_side(l, team));
                    let chips = teams
                        .iter()
                        .cloned()
                        .map(|t| {
                            let name = t.name.clone();
                            view! {
                                <button
                                    class="btn chip roster-pick-team"
                                    data-team=name.clone()
                                    title=t.members.join(", ")
                                    on:click=move |_| fill(side, &t)
                                >
                                    {name.clone()}
                                </button>
                            }
                        })
                        .collect_view();
                    view! {
                        <div class="roster-pick" data-side=side>
                            <span class="field-label">{label}</span>
                            <div class="chips">{chips}</div>
                        </div>
                    }
                })
                .collect_view()
        })
    }
}
