//! 五子棋 set-up: players, preset (forbidden moves, best of, clock) and the first game's black.

use super::*;

/// The set-up form: title, the two players, the 猜先 result (who has black in game 1),
/// games in the match (the preset copy's `best_of`), and the per-player game clock.
#[component]
pub fn NewForm() -> impl IntoView {
    let lang = ctx().lang;
    let navigate = use_navigate();
    let title = RwSignal::new(String::new());
    let p1 = RwSignal::new(String::new());
    let p2 = RwSignal::new(String::new());
    let first_black = RwSignal::new(Player::P1);
    let best_of = RwSignal::new(Preset::rif().best_of);
    let clock: RwSignal<Option<u32>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let label = move |p: Player| {
        let v = if p == Player::P1 { p1.get() } else { p2.get() };
        let v = v.trim().to_string();
        if v.is_empty() {
            t(if p == Player::P1 { "rj.p1_default" } else { "rj.p2_default" }).to_string()
        } else {
            v
        }
    };
    let create = move |_| {
        let mut preset = Preset::rif();
        preset.best_of = best_of.get_untracked();
        let s = RenjuSetup {
            preset,
            players: [p1.get_untracked().trim().to_string(), p2.get_untracked().trim().to_string()],
            first_black: first_black.get_untracked(),
            clock: clock.get_untracked().map(|minutes| GameClock { minutes }),
        };
        let l = lang.get_untracked();
        let tt = title.get_untracked().trim().to_string();
        let m = Match {
            id: new_id("m"),
            created_ms: now_ms(),
            title: if tt.is_empty() {
                format!("{} vs {}", player_label(l, &s, Player::P1), player_label(l, &s, Player::P2))
            } else {
                tt
            },
            setup: Setup::Renju(s),
            entries: Vec::new(),
        };
        match create_match(m) {
            Ok(id) => navigate(&format!("/match/{id}"), Default::default()),
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <div class="new-form rj-new">
            <p class="muted">
                {move || {
                    let (p, l) = (Preset::rif(), crate::ui::ctx().lang.get());
                    let name = crate::i18n::preset_name(l, &p.id).unwrap_or(&p.id).to_string();
                    format!("{} {name} · {}", t("rj.rules"), crate::i18n::data_text(l, &p.source))
                }}
            </p>
            <details class="preset">
                <summary>{tx("new.rules")}</summary>
                <p class="muted">{tx("rj.rules_text")}</p>
            </details>
            <crate::ui::parts::TitleInput id="rj-title" value=title />
            <div class="two">
                <div>
                    <label class="field-label" for="rj-p1">
                        {tx("rj.p1")}
                    </label>
                    <input
                        id="rj-p1"
                        maxlength=crate::record::schema::MAX_NAME
                        placeholder=move || t("rj.p1_default")
                        prop:value=move || p1.get()
                        on:input=move |ev| p1.set(event_target_value(&ev))
                    />
                </div>
                <div>
                    <label class="field-label" for="rj-p2">
                        {tx("rj.p2")}
                    </label>
                    <input
                        id="rj-p2"
                        maxlength=crate::record::schema::MAX_NAME
                        placeholder=move || t("rj.p2_default")
                        prop:value=move || p2.get()
                        on:input=move |ev| p2.set(event_target_value(&ev))
                    />
                </div>
            </div>
            <label class="field-label">{tx("rj.guess")}</label>
            <div class="chips">
                {Player::BOTH
                    .into_iter()
                    .map(|p| {
                        view! {
                            <button
                                class="btn chip"
                                id=format!("rj-first-black-{}", if p == Player::P1 { "p1" } else { "p2" })
                                class:selected=move || first_black.get() == p
                                on:click=move |_| first_black.set(p)
                            >
                                {move || format!("● {} {}", label(p), t("rj.has_black"))}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("rj.games")}</label>
            <div class="chips">
                {[1u8, 3, 5]
                    .into_iter()
                    .map(|n| {
                        view! {
                            <button
                                class="btn chip"
                                id=format!("rj-best-of-{n}")
                                class:selected=move || best_of.get() == n
                                on:click=move |_| best_of.set(n)
                            >
                                {move || fill(lang.get(), "rj.best_of_n", n)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("rj.clock")}</label>
            <div class="chips">
                {[None, Some(5u32), Some(10), Some(15), Some(20), Some(30), Some(45), Some(60)]
                    .into_iter()
                    .map(|k| {
                        view! {
                            <button
                                class="btn chip"
                                id=format!("rj-clock-{}", k.unwrap_or(0))
                                class:selected=move || clock.get() == k
                                on:click=move |_| clock.set(k)
                            >
                                {move || match k {
                                    None => t("rj.no_clock").to_string(),
                                    Some(x) => fill(lang.get(), "rj.minutes_each", x),
                                }}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert">
                                {e}
                            </div>
                        }
                    })
            }}
            <button class="btn primary big" id="rj-create" on:click=create>
                {tx("new.create")}
            </button>
        </div>
    }
}
