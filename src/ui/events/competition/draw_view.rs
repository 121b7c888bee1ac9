//! The draw of one competition: by seed or by a tap, numbers typed by hand, and the
//! groups it makes.

use super::*;

/// The draw section: the seed, the draw table (numbers editable), the groups.
#[component]
pub(super) fn CompDraw(cx: CompCtx) -> impl IntoView {
    let CompCtx { ev, comp, lang, .. } = cx;
    let event = move || cx.event();
    let mutate_comp = move |f: CompEdit| cx.mutate(f);
    let seed = RwSignal::new(String::new());
    let do_draw = move |s: u64| {
        if comp.get_untracked().is_some_and(|c| !c.match_ids().is_empty())
            && !window().confirm_with_message(t("ev.draw.confirm_redo")).unwrap_or(false)
        {
            return;
        }
        mutate_comp(Box::new(move |c| {
            draw::draw(c, s);
            c.rounds.clear();
            Ok(())
        }));
    };
    view! {
        <section class="ev-draw no-print">
            <h2>{tx("ev.draw")}</h2>
            <p class="muted">{tx("ev.draw.help")}</p>
            <label class="field-label" for="draw-seed">
                {tx("ev.draw.seed")}
            </label>
            <div class="draw-row">
                <input
                    id="draw-seed"
                    inputmode="numeric"
                    placeholder=move || t("ev.draw.seed")
                    prop:value=move || seed.get()
                    on:input=move |x| seed.set(event_target_value(&x))
                />
                <button
                    class="btn primary"
                    id="draw-go"
                    on:click=move |_| match draw::seed_from_text(&seed.get_untracked()) {
                        Some(s) => do_draw(s),
                        None => ev.error(t("ev.draw.seed_needed")),
                    }
                >
                    {tx("ev.draw.go")}
                </button>
                <button
                    class="btn"
                    id="draw-tap"
                    on:click=move |_| {
                        let s = (js_sys::Math::random() * 1e9) as u64 ^ (now_ms() as u64 % 1000);
                        seed.set(s.to_string());
                        do_draw(s);
                    }
                >
                    {tx("ev.draw.tap")}
                </button>
            </div>
            {move || {
                comp.get()
                    .map(|cm| {
                        let e = event();
                        let seed_line = cm
                            .draw
                            .seed
                            .map(|s| format!("{}: {s}", t("ev.draw.seed")))
                            .unwrap_or_else(|| t("ev.draw.manual").to_string());
                        view! {
                            <p class="muted" id="draw-seed-used">
                                {seed_line}
                            </p>
                            <table class="sheet draw" id="draw-table">
                                <thead>
                                    <tr>
                                        <th>{tx("ev.col.draw")}</th>
                                        <th>{tx("ev.col.entrant")}</th>
                                    </tr>
                                </thead>
                                <tbody>
                                    {cm
                                        .by_draw()
                                        .into_iter()
                                        .map(|id| {
                                            let n = cm.draw.numbers.get(&id).copied();
                                            let id2 = id.clone();
                                            view! {
                                                <tr data-entrant=id.clone()>
                                                    <td>
                                                        <input
                                                            type="number"
                                                            min="1"
                                                            class="draw-num"
                                                            prop:value=n.map(|x| x.to_string()).unwrap_or_default()
                                                            on:change=move |x| {
                                                                let v: Option<u32> = event_target_value(&x)
                                                                    .trim()
                                                                    .parse()
                                                                    .ok();
                                                                let id = id2.clone();
                                                                let taken = comp
                                                                    .get_untracked()
                                                                    .is_some_and(|c| {
                                                                        c.draw
                                                                            .numbers
                                                                            .iter()
                                                                            .any(|(k, n)| *k != id && Some(*n) == v)
                                                                    });
                                                                if taken {
                                                                    ev.error(t("ev.draw.dup"));
                                                                    return;
                                                                }
                                                                mutate_comp(
                                                                    Box::new(move |c| {
                                                                        c.draw.seed = None;
                                                                        match v {
                                                                            Some(v) if v > 0 => {
                                                                                c.draw.numbers.insert(id, v);
                                                                            }
                                                                            _ => {
                                                                                c.draw.numbers.remove(&id);
                                                                            }
                                                                        }
                                                                        Ok(())
                                                                    }),
                                                                );
                                                            }
                                                        />
                                                    </td>
                                                    <td>{e.entrant_label(&id)}</td>
                                                </tr>
                                            }
                                        })
                                        .collect_view()}
                                </tbody>
                            </table>
                            {cm
                                .groups()
                                .map(|gs| {
                                    view! {
                                        <div class="ev-groups" id="groups">
                                            <h3>{tx("ev.groups")}</h3>
                                            <ul>
                                                {gs
                                                    .into_iter()
                                                    .enumerate()
                                                    .map(|(k, g)| {
                                                        let names = g
                                                            .iter()
                                                            .map(|id| e.entrant_label(id))
                                                            .collect::<Vec<_>>()
                                                            .join(" · ");
                                                        view! {
                                                            <li data-group=k
                                                                + 1>
                                                                {move || {
                                                                    tr(lang.get(), "ev.group_n")
                                                                        .replace("{n}", &(k + 1).to_string())
                                                                }}": "{names}
                                                            </li>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </ul>
                                        </div>
                                    }
                                })}
                        }
                    })
            }}
        </section>
    }
}
