//! The rulings of the match that count, in the panel: each with its appeal (and the
//! appeal's form), its edit in place and its delete.

use super::*;

/// The list of the panel's rulings, newest first.
#[component]
pub(super) fn RulingList(p: Panel) -> impl IntoView {
    let Panel { m, teams, locked, players, boards, on_boards, appealing, appellant, decision, decider, .. } = p;
    let load = move |s: &Step| p.load(s);
    let decide = move |target: String| p.decide(target);
    let delete = move |id: String| p.delete(id);
    let lang = crate::ui::ctx().lang;
    // The rulings not deleted, newest first, as edited, with their appeals.
    let list = move || {
        let tm = teams.get();
        let ps = players.get();
        let l = lang.get();
        m.with(|x| x.as_ref().map(|x| steps(x, &tm, &ps, l)).unwrap_or_default())
    };
    view! {
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
                        let status = crate::record::ruling_log::decision_label(
                            lang.get(),
                            s.appeal.as_ref().map(|(d, _)| *d),
                        );
                        let edited = s.edited.map(|at| format!(" · {} {}", t("ruling.edited"), fmt_time(at)));
                        let step = s.clone();
                        // The decision in force in words (struck through alone, it is not read).
                        view! {
                            <li class="ruling-row" data-entry=id>
                                <strong class:voided=gone>
                                    {step_text(
                                        &tm,
                                        &ps,
                                        on_boards.then_some(&bs),
                                        &s.ruling,
                                        s.player,
                                        s.board,
                                        s.counted,
                                    )}
                                </strong>
                                {status.map(|x| view! { <span class="ruling-status">" · "{x}</span> })}
                                <span class="muted">" " {detail_view(&s.shown)} " · " {fmt_time(s.at)} {edited}</span>
                                {s.appeal.map(|(_, line)| view! { <span class="appeal">" "{line}</span> })}
                                <Show when=move || !locked.get()>
                                    <button
                                        class="btn ruling-edit"
                                        data-intent="skip"
                                        on:click={
                                            let step = step.clone();
                                            move |_| load(&step)
                                        }
                                    >
                                        {tx("ruling.edit")}
                                    </button>
                                    <button
                                        class="btn appeal-open"
                                        data-intent="skip"
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
                                            data-intent="skip"
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
                                        data-intent="skip"
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
    }
}
