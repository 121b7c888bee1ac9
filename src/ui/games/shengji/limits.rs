//! 升级 game limits on the match page: the 南通 team match's points and rule (RULES.md §1.4
//! **[r2]**) and the deal limit (002 「每局牌限12牌结束」), each reading marked as one.

use super::*;

/// The team match line (`#team-match`: game n of 3, each team's points, the rule and its
/// reading) and the deal-limit line (`#deal-limit`: deals played of the limit, a reading).
#[component]
pub(super) fn Limits(
    v: Signal<Arc<ShengjiView>>,
    preset: Signal<Preset>,
    teams: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    let reading = move || format!(" ({})", t("sj.reading"));
    view! {
        {move || {
            let p = preset.get();
            p.team_match
                .map(|tm| {
                    let view = v.get();
                    let pts = view.team_points.clone().unwrap_or_default();
                    let pt = |team: Team| pts.get(&team).copied().unwrap_or(0);
                    let tmn = teams.get();
                    view! {
                        <div class="banner info" id="team-match">
                            <p>
                                <b>{t("sj.tm.title")}</b>
                                " · "
                                {t("sj.tm.game_n")
                                    .replace("{n}", &view.games.len().min(tm.games as usize).to_string())
                                    .replace("{of}", &tm.games.to_string())}
                                " · "
                                <span id="team-points">
                                    {format!(
                                        "{} {} : {} {}",
                                        team_label(&tmn, Team::A),
                                        pt(Team::A),
                                        pt(Team::B),
                                        team_label(&tmn, Team::B),
                                    )}
                                </span>
                                {view.over.then(|| format!(" · {}", t("sj.tm.over")))}
                            </p>
                            <p class="muted">
                                {t("sj.tm.rule")
                                    .replace("{minutes}", &tm.minutes.to_string())
                                    .replace("{games}", &tm.games.to_string())
                                    .replace("{win}", &tm.win.to_string())
                                    .replace("{loss}", &tm.loss.to_string())
                                    .replace("{forfeit}", &tm.forfeit.to_string())}
                            </p>
                            <p class="reading">{t("sj.tm.time_up")}{reading()}</p>
                        </div>
                    }
                })
        }}
        {move || {
            let p = preset.get();
            p.timing
                .deal_limit
                .map(|limit| {
                    let played = v.with(|v| v.current().rows.iter().filter(|r| r.result.is_ok()).count());
                    view! {
                        <p class="reading" id="deal-limit">
                            {t("sj.deal_limit")
                                .replace("{n}", &played.to_string())
                                .replace("{limit}", &limit.to_string())}
                            {reading()}
                        </p>
                    }
                })
        }}
    }
}
