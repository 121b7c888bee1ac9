//! 升级 scoreboard: both teams' levels, names and games won, the hand, dealer and elapsed time.

use super::*;

#[component]
pub(super) fn Scoreboard(
    v: Signal<Arc<ShengjiView>>,
    teams: Signal<BTreeMap<Team, String>>,
    players: Signal<BTreeMap<Seat, String>>,
    now: Signal<f64>,
) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <div class="scoreboard" id="scoreboard">
            // Built once; each part is a memo, so a commit changes only the text that changed.
            {Team::BOTH
                .into_iter()
                .map(|team| {
                    let decl = Memo::new(move |_| {
                        v.with(|v| {
                            let s = &v.current().state;
                            s.declarer == team && !s.declarer_open && v.current().winner.is_none()
                        })
                    });
                    let level = Memo::new(move |_| v.with(|v| v.current().state.level(team).name()));
                    let won = Memo::new(move |_| v.with(|v| v.series.get(&team).copied().unwrap_or(0)));
                    let seats = match team {
                        Team::A => [Seat::N, Seat::S],
                        Team::B => [Seat::E, Seat::W],
                    };
                    let names = move || {
                        players
                            .with(|pl| {
                                seats
                                    .iter()
                                    .map(|s| {
                                        format!(
                                            "{}{}",
                                            seat_label(lang.get(), *s),
                                            pl.get(s).map(|p| crate::bidi::isolated(p)).unwrap_or_default(),
                                        )
                                    })
                                    .collect::<Vec<_>>()
                                    .join(" · ")
                            })
                    };
                    view! {
                        <div class=move || {
                            format!(
                                "team {}{}",
                                if team == Team::A { "team-a" } else { "team-b" },
                                if decl.get() { " declarer" } else { "" },
                            )
                        }>
                            <div class="team-name">
                                {move || teams.with(|tm| team_label(tm, team))}
                                <span class="badge declarer-badge">{tx("sb.declarer")}</span>
                            </div>
                            <div class="level" id=format!("level-{team:?}")>
                                {move || level.get()}
                            </div>
                            <div class="players muted">{names}</div>
                            <div class="series muted">{tx("sb.games_won")}" "{move || won.get()}</div>
                        </div>
                    }
                })
                .collect_view()}
            <div class="meta muted">
                {move || {
                    let view = v.get();
                    let g = view.current();
                    format!(
                        "{} {} · {} {} · {} {}{}",
                        t("sb.hand"),
                        g.rows.len() + 1,
                        t("sb.dealer"),
                        g.state.dealer.map(|s| seat_label(lang.get(), s)).unwrap_or("—"),
                        t("sb.elapsed"),
                        fmt_duration(g.clock.elapsed_ms(now.get())),
                        if view.games.len() > 1 {
                            format!(" · {} {}", t("sb.game"), view.games.len())
                        } else {
                            String::new()
                        },
                    )
                }}
            </div>
        </div>
    }
}
