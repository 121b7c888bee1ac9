//! The entrants tab: typed or pasted entrants, their kinds and members.

use super::*;
use crate::ui::widgets::FormIntent;
use std::collections::BTreeMap;

/// A name typed into an entrant's name box and not saved yet: the text, and the name
/// saved when the typing began (another tab saving a different name meanwhile is said
/// beside the box, and the typed text stays).
#[derive(Clone, Debug, PartialEq)]
struct TypedName {
    text: String,
    base: String,
}

#[component]
pub(super) fn EntrantsTab(ev: Ev) -> impl IntoView {
    let lang = ctx().lang;
    let kind = RwSignal::new(EntrantKind::Team);
    let bulk = RwSignal::new(String::new());
    let unit = RwSignal::new(String::new());
    // Members boxes and name boxes left with text not saved, by entrant id.
    let typed: RwSignal<BTreeMap<String, String>> = RwSignal::new(BTreeMap::new());
    let names: RwSignal<BTreeMap<String, TypedName>> = RwSignal::new(BTreeMap::new());
    // Text typed and not saved (the list box, a members box) is kept as the tab's draft
    // for this event and guards leaving the page, like a game page's hand entry.
    let intent = FormIntent::new();
    let settle = move || {
        if bulk.with_untracked(|b| b.trim().is_empty()) && typed.with_untracked(|m| m.is_empty()) {
            intent.fresh();
        } else {
            intent.touch();
        }
    };
    // The list box changes by typing and by a team picked from the roster.
    Effect::new(move |first: Option<()>| {
        bulk.track();
        if first.is_some() {
            settle();
        }
    });
    let eid = ev.now().map(|e| e.id).unwrap_or_default();
    let restored = crate::ui::draft::keep_draft(
        "entrants",
        &eid,
        intent,
        move || tm::EntrantsDraft { bulk: bulk.get(), members: typed.get() },
        move |d: tm::EntrantsDraft| {
            let d = match ev.now() {
                Some(e) => d.settled(&e),
                None => d,
            };
            bulk.set(d.bulk);
            typed.set(d.members);
        },
    );
    if restored {
        // A draft whose members were all saved or removed since counts as nothing typed.
        settle();
    }
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
    // One entrant's field as saved now (rows are kept by id while the event changes, so a
    // box being typed in stays when another tab saves).
    let saved = move |id: &str, f: fn(&Entrant) -> String| {
        ev.ev.with(|e| e.as_ref().and_then(|e| e.entrant(id)).map(f).unwrap_or_default())
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
                    <For each=move || entrants().into_iter().map(|en| en.id) key=|id: &String| id.clone() let:id>
                        {
                            let (id_r, id_n, id_nv, id_ni, id_w, id_k) = (
                                id.clone(),
                                id.clone(),
                                id.clone(),
                                id.clone(),
                                id.clone(),
                                id.clone(),
                            );
                            let (id_m, id_mv, id_mi, id_u, id_uv, id_d) = (
                                id.clone(),
                                id.clone(),
                                id.clone(),
                                id.clone(),
                                id.clone(),
                                id.clone(),
                            );
                            let id_nb = id.clone();
                            let row = move || {
                                ev.ev
                                    .with(|e| {
                                        e.as_ref()
                                            .and_then(|e| e.entrants.iter().position(|x| x.id == id_r))
                                            .map_or(0, |i| i + 1)
                                    })
                            };
                            let elsewhere = move || {
                                let now = saved(&id_w, |en| en.name.clone());
                                names
                                    .with(|m| m.get(&id_w).filter(|n| n.base != now && n.text != now).is_some())
                                    .then_some(now)
                            };
                            // The name saved in another tab while this one was typing.
                            view! {
                                <tr data-entrant=id.clone()>
                                    <td>{row}</td>
                                    <td>
                                        <input
                                            class="en-name"
                                            maxlength=tm::MAX_NAME
                                            prop:value=move || {
                                                names
                                                    .with(|m| m.get(&id_nv).map(|n| n.text.clone()))
                                                    .unwrap_or_else(|| saved(&id_nv, |en| en.name.clone()))
                                            }
                                            on:input=move |x| {
                                                let v = event_target_value(&x);
                                                let base = names
                                                    .with_untracked(|m| m.get(&id_ni).map(|n| n.base.clone()))
                                                    .unwrap_or_else(|| {
                                                        ev.ev
                                                            .with_untracked(|e| {
                                                                e.as_ref()
                                                                    .map(|e| e.entrant_name(&id_ni))
                                                                    .unwrap_or_default()
                                                            })
                                                    });
                                                names
                                                    .update(|m| {
                                                        m.insert(id_ni.clone(), TypedName { text: v, base });
                                                    });
                                            }
                                            on:blur=move |_| {
                                                let now = ev
                                                    .ev
                                                    .with_untracked(|e| {
                                                        e.as_ref().map(|e| e.entrant_name(&id_nb)).unwrap_or_default()
                                                    });
                                                if names
                                                    .with_untracked(|m| m.get(&id_nb).is_some_and(|n| n.text == now))
                                                {
                                                    names
                                                        .update(|m| {
                                                            m.remove(&id_nb);
                                                        });
                                                }
                                            }
                                            on:change=move |x| {
                                                let input: web_sys::HtmlInputElement = event_target(&x);
                                                let v = input.value();
                                                let id = id_n.clone();
                                                let l = lang.get_untracked();
                                                let ok = ev
                                                    .mutate(|e| {
                                                        let old = e.entrant_name(&id);
                                                        tm::rename_entrant(e, &id, &v)
                                                            .map_err(|x| rename_error_text(l, &x, &old))
                                                    });
                                                names
                                                    .update(|m| {
                                                        m.remove(&id);
                                                    });
                                                if !ok {
                                                    show_saved_name(ev, &id, &input);
                                                }
                                            }
                                        />
                                        {move || {
                                            elsewhere()
                                                .map(|now| {
                                                    view! {
                                                        <p class="muted en-elsewhere" role="status">
                                                            {tr(lang.get(), "ev.en.changed_elsewhere")
                                                                .replace("{name}", &crate::bidi::isolated(&now))}
                                                        </p>
                                                    }
                                                })
                                        }}
                                    </td>
                                    <td>
                                        {move || {
                                            ev.ev
                                                .with(|e| {
                                                    e.as_ref()
                                                        .and_then(|e| e.entrant(&id_k))
                                                        .map(|en| kind_name(lang.get(), en.kind))
                                                })
                                        }}
                                    </td>
                                    <td>
                                        <input
                                            class="en-members"
                                            maxlength=MEMBERS_TEXT_MAX
                                            prop:value=move || {
                                                typed
                                                    .with(|m| m.get(&id_mv).cloned())
                                                    .unwrap_or_else(|| saved(&id_mv, |en| en.members.join(", ")))
                                            }
                                            on:input=move |x| {
                                                let v = event_target_value(&x);
                                                typed
                                                    .update(|m| {
                                                        m.insert(id_mi.clone(), v);
                                                    });
                                                settle();
                                            }
                                            on:change=move |x| {
                                                let input: web_sys::HtmlInputElement = event_target(&x);
                                                let v = input.value();
                                                let id = id_m.clone();
                                                let ok = ev
                                                    .mutate(|e| {
                                                        if let Some(en) = e.entrants.iter_mut().find(|en| en.id == id) {
                                                            en.members = tm::split_members(&v);
                                                        }
                                                        Ok(())
                                                    });
                                                typed
                                                    .update(|m| {
                                                        m.remove(&id);
                                                    });
                                                settle();
                                                if !ok {
                                                    show_saved_members(ev, &id, &input);
                                                }
                                            }
                                        />
                                    </td>
                                    <td>
                                        <input
                                            class="en-unit"
                                            maxlength=tm::MAX_NAME
                                            prop:value=move || saved(&id_uv, |en| en.unit.clone())
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
                                                typed
                                                    .update(|m| {
                                                        m.remove(&id);
                                                    });
                                                settle();
                                                crate::ui::widgets::cool_after_commit();
                                            }
                                        >
                                            "×"
                                        </button>
                                    </td>
                                </tr>
                            }
                        }
                    </For>
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
