//! The entrants tab: typed or pasted entrants, their kinds and members.

use super::*;

#[component]
pub(super) fn EntrantsTab(ev: Ev) -> impl IntoView {
    let lang = ctx().lang;
    let kind = RwSignal::new(EntrantKind::Team);
    let bulk = RwSignal::new(String::new());
    let unit = RwSignal::new(String::new());
    let add = move |_| {
        let text = bulk.get_untracked();
        let k = kind.get_untracked();
        let u = unit.get_untracked().trim().to_string();
        let l = lang.get_untracked();
        if text.trim().is_empty() {
            ev.error(t("ev.en.none_given"));
            return;
        }
        if ev.mutate(|e| tm::add_entrant_lines(e, &text, k, &u).map(|_| ()).map_err(|x| entrants_error_text(l, &x))) {
            bulk.set(String::new());
        }
    };
    let entrants = move || ev.ev.with(|e| e.as_ref().map(|e| e.entrants.clone()).unwrap_or_default());
    let used = move |id: &str| {
        ev.ev.with_untracked(|e| {
            e.as_ref().is_some_and(|e| e.competitions.iter().any(|c| c.entrants.iter().any(|x| x == id)))
        })
    };
    view! {
        <section class="ev-entrants">
            <h2>{tx("ev.tab.entrants")}" ("{move || entrants().len()}")"</h2>
            <table class="sheet entrants" id="entrants">
                <thead>
                    <tr>
                        <th>"#"</th>
                        <th>{tx("ev.col.entrant")}</th>
                        <th>{tx("ev.kind")}</th>
                        <th>{tx("ev.members")}</th>
                        <th>{tx("ev.col.unit")}</th>
                        <th class="no-print"></th>
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        entrants()
                            .into_iter()
                            .enumerate()
                            .map(|(i, en)| {
                                let id = en.id.clone();
                                let (id_n, id_m, id_u, id_d) = (id.clone(), id.clone(), id.clone(), id.clone());
                                view! {
                                    <tr data-entrant=id.clone()>
                                        <td>{i + 1}</td>
                                        <td>
                                            <input
                                                class="en-name"
                                                maxlength=tm::MAX_NAME
                                                prop:value=en.name.clone()
                                                on:change=move |x| {
                                                    let input: web_sys::HtmlInputElement = event_target(&x);
                                                    let v = input.value();
                                                    let id = id_n.clone();
                                                    let l = lang.get_untracked();
                                                    let saved = ev
                                                        .mutate(|e| {
                                                            let old = e.entrant_name(&id);
                                                            tm::rename_entrant(e, &id, &v)
                                                                .map_err(|x| rename_error_text(l, &x, &old))
                                                        });
                                                    if !saved {
                                                        show_saved_name(ev, &id, &input);
                                                    }
                                                }
                                            />
                                        </td>
                                        <td>{move || kind_name(lang.get(), en.kind)}</td>
                                        <td>
                                            <input
                                                class="en-members"
                                                maxlength=MEMBERS_TEXT_MAX
                                                prop:value=en.members.join(", ")
                                                on:change=move |x| {
                                                    let input: web_sys::HtmlInputElement = event_target(&x);
                                                    let v = input.value();
                                                    let id = id_m.clone();
                                                    let saved = ev
                                                        .mutate(|e| {
                                                            if let Some(en) = e
                                                                .entrants
                                                                .iter_mut()
                                                                .find(|en| en.id == id)
                                                            {
                                                                en.members = tm::split_members(&v);
                                                            }
                                                            Ok(())
                                                        });
                                                    if !saved {
                                                        show_saved_members(ev, &id, &input);
                                                    }
                                                }
                                            />
                                        </td>
                                        <td>
                                            <input
                                                class="en-unit"
                                                maxlength=tm::MAX_NAME
                                                prop:value=en.unit.clone()
                                                on:change=move |x| {
                                                    let v = event_target_value(&x).trim().to_string();
                                                    let id = id_u.clone();
                                                    ev.mutate(|e| {
                                                        if let Some(en) = e.entrants.iter_mut().find(|en| en.id == id) {
                                                            en.unit = v;
                                                        }
                                                        Ok(())
                                                    });
                                                }
                                            />
                                        </td>
                                        <td class="no-print">
                                            <button
                                                class="btn chip"
                                                on:click=move |_| {
                                                    let id = id_d.clone();
                                                    if used(&id) {
                                                        ev.error(t("ev.en.in_use"));
                                                        return;
                                                    }
                                                    ev.mutate(|e| {
                                                        e.entrants.retain(|x| x.id != id);
                                                        Ok(())
                                                    });
                                                    crate::ui::widgets::cool_after_commit();
                                                }
                                            >
                                                "×"
                                            </button>
                                        </td>
                                    </tr>
                                }
                            })
                            .collect_view()
                    }}
                </tbody>
            </table>
            <h3>{tx("ev.en.add")}</h3>
            <div class="chips" role="radiogroup">
                {[EntrantKind::Team, EntrantKind::Pair, EntrantKind::Player]
                    .into_iter()
                    .map(|k| {
                        view! {
                            <button
                                class="btn chip"
                                data-kind=format!("{k:?}").to_lowercase()
                                class:selected=move || kind.get() == k
                                on:click=move |_| kind.set(k)
                            >
                                {move || kind_name(lang.get(), k)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <EntrantsRoster ev=ev bulk=bulk kind=kind />
            <label class="field-label" for="en-bulk">
                {tx("ev.en.bulk")}
            </label>
            <textarea
                id="en-bulk"
                rows="6"
                placeholder=move || t("ev.en.bulk_example")
                prop:value=move || bulk.get()
                on:input=move |x| bulk.set(event_target_value(&x))
            ></textarea>
            <label class="field-label" for="en-unit">
                {tx("ev.col.unit")}
            </label>
            <input
                id="en-unit"
                maxlength=tm::MAX_NAME
                prop:value=move || unit.get()
                on:input=move |x| unit.set(event_target_value(&x))
            />
            <button class="btn primary" id="en-add" on:click=add>
                {tx("ev.en.add")}
            </button>
        </section>
    }
}

/// Puts entrant `id`'s members as saved back into its members box `input`: after a refused
/// edit (a team or pair of a competition left short, [`tm::check_teams`]) the event is
/// unchanged and the table is not redrawn, so the box would otherwise keep text that was not
/// saved.
fn show_saved_members(ev: Ev, id: &str, input: &web_sys::HtmlInputElement) {
    let saved = ev.ev.with_untracked(|e| e.as_ref().and_then(|e| e.entrant(id)).map(|en| en.members.join(", ")));
    if let Some(saved) = saved {
        input.set_value(&saved);
    }
}

/// Puts entrant `id`'s name as saved back into its name box `input` after a refused rename
/// (blank, or another entrant's name): the message says why, the box shows what is stored.
fn show_saved_name(ev: Ev, id: &str, input: &web_sys::HtmlInputElement) {
    if let Some(saved) = ev.ev.with_untracked(|e| e.as_ref().and_then(|e| e.entrant(id)).map(|en| en.name.clone())) {
        input.set_value(&saved);
    }
}
