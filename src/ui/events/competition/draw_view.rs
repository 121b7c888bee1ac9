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
                                                            max=draw::MAX_DRAW_NUMBER
                                                            class="draw-num"
                                                            prop:value=n.map(|x| x.to_string()).unwrap_or_default()
                                                            on:change=move |x| {
                                                                let input: web_sys::HtmlInputElement = event_target(&x);
                                                                let id = id2.clone();
                                                                let refuse = |msg: String| {
                                                                    ev.error(msg);
                                                                    show_saved_number(comp, &id, &input);
                                                                };
                                                                let v = match draw::parse_draw_number(
                                                                    &typed_number(&input),
                                                                ) {
                                                                    Ok(v) => v,
                                                                    Err(r) => {
                                                                        refuse(
                                                                            t("ev.draw.bad_number").replace("{hi}", &r.hi.to_string()),
                                                                        );
                                                                        return;
                                                                    }
                                                                };
                                                                let taken = comp
                                                                    .get_untracked()
                                                                    .is_some_and(|c| {
                                                                        c.draw
                                                                            .numbers
                                                                            .iter()
                                                                            .any(|(k, n)| *k != id && Some(*n) == v)
                                                                    });
                                                                if taken {
                                                                    refuse(t("ev.draw.dup").to_string());
                                                                    return;
                                                                }
                                                                let key = id.clone();
                                                                let saved = mutate_comp(
                                                                    Box::new(move |c| {
                                                                        c.draw.seed = None;
                                                                        match v {
                                                                            Some(v) => {
                                                                                c.draw.numbers.insert(key, v);
                                                                            }
                                                                            None => {
                                                                                c.draw.numbers.remove(&key);
                                                                            }
                                                                        }
                                                                        Ok(())
                                                                    }),
                                                                );
                                                                if !saved {
                                                                    show_saved_number(comp, &id, &input);
                                                                }
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

/// Puts entrant `id`'s draw number as stored back into its box `input` after a refused
/// edit: the message line says what is allowed, the box shows what is stored.
fn show_saved_number(comp: Memo<Option<Competition>>, id: &str, input: &web_sys::HtmlInputElement) {
    let n = comp.with_untracked(|c| c.as_ref().and_then(|c| c.draw.numbers.get(id).copied()));
    input.set_value(&n.map(|n| n.to_string()).unwrap_or_default());
}
