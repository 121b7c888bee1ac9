//! The set-up form's preset as a form: every number, yes/no and choice of the preset
//! ([`crate::i18n::preset_rows::form_fields`]) as a labelled input. A change writes the
//! field into the preset's JSON and reads it back as the preset, exactly as the expert JSON
//! editor's 应用 does, so both store the same preset.

use crate::i18n::preset_rows::{choice_name, form_fields, form_label, set_field, FieldKind, FormField};
use crate::ui::{ctx, tx};
use leptos::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

fn value_of<P: Serialize>(p: &P) -> Value {
    crate::json::to_string(p).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or(Value::Null)
}

fn input_id(path: &str) -> String {
    let mut s = String::from("pf-");
    for c in path.chars() {
        s.push(if c.is_ascii_alphanumeric() { c } else { '-' });
    }
    s
}

/// The fields of `preset` as inputs (in a `<details>` opened by 用表单修改规则): a change
/// sets `preset` (and clears `json`, the expert editor's text, so that it shows the new
/// preset), or says in words why the value is refused.
#[component]
pub fn PresetForm<P>(preset: RwSignal<P>, json: RwSignal<String>, #[prop(into)] id: String) -> impl IntoView
where
    P: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
{
    let lang = ctx().lang;
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let fields = Memo::new(move |_| {
        let v = preset.with(value_of);
        let l = lang.get();
        form_fields(&v).into_iter().map(|f| (form_label(l, &v, &f), f)).collect::<Vec<_>>()
    });
    let apply = move |f: &FormField, label: &str, new: Option<Value>| {
        let Some(new) = new else {
            error.set(Some(format!("{label}: {}", crate::i18n::tr(lang.get_untracked(), "rt.err_number"))));
            return;
        };
        // A count or an amount that was not negative stays so (the input's `min` is 0).
        let negative = matches!(f.kind, FieldKind::Int { signed: false, .. }) && new.as_i64().is_some_and(|n| n < 0);
        if negative {
            error.set(Some(format!("{label}: {}", crate::i18n::tr(lang.get_untracked(), "rt.err_negative"))));
            return;
        }
        let v = preset.with_untracked(value_of);
        match set_field(&v, &f.path, new).map(|w| crate::json::from_value::<P>(&w)) {
            Some(Ok(p)) => {
                preset.set(p);
                json.set(String::new());
                error.set(None);
            }
            _ => error.set(Some(format!("{label}: {}", crate::i18n::tr(lang.get_untracked(), "rt.err_refused")))),
        }
    };
    view! {
        <details class="preset-form" id=id>
            <summary>{tx("rt.form")}</summary>
            <p class="muted">{tx("rt.form_hint")}</p>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <p class="field-error" role="alert">
                                {e}
                            </p>
                        }
                    })
            }}
            <div class="pf-fields">
                <For
                    each=move || fields.get()
                    key=|(label, f): &(String, FormField)| (label.clone(), f.path.clone(), format!("{:?}", f.kind))
                    children=move |(label, f): (String, FormField)| {
                        let iid = input_id(&f.path);
                        match f.kind.clone() {
                            FieldKind::Int { value, signed } => {
                                let (f2, l2) = (f.clone(), label.clone());
                                view! {
                                    <div class="pf-field">
                                        <label class="field-label" for=iid.clone()>
                                            {label.clone()}
                                        </label>
                                        <input
                                            type="number"
                                            inputmode="numeric"
                                            id=iid
                                            data-path=f.path.clone()
                                            min=(!signed).then_some("0")
                                            prop:value=value.to_string()
                                            on:change=move |ev| {
                                                let text = event_target_value(&ev);
                                                apply(&f2, &l2, text.trim().parse::<i64>().ok().map(Value::from))
                                            }
                                        />
                                    </div>
                                }
                                    .into_any()
                            }
                            FieldKind::Bool(b) => {
                                let (f2, l2) = (f.clone(), label.clone());
                                view! {
                                    <label class="check pf-field">
                                        <input
                                            type="checkbox"
                                            id=iid
                                            data-path=f.path.clone()
                                            prop:checked=b
                                            on:change=move |ev| apply(
                                                &f2,
                                                &l2,
                                                Some(Value::Bool(event_target_checked(&ev))),
                                            )
                                        />
                                        {label.clone()}
                                    </label>
                                }
                                    .into_any()
                            }
                            FieldKind::Choice { value, options } => {
                                let (f2, l2) = (f.clone(), label.clone());
                                let plain = f.plain.clone();
                                view! {
                                    <div class="pf-field">
                                        <label class="field-label" for=iid.clone()>
                                            {label.clone()}
                                        </label>
                                        <select
                                            id=iid
                                            data-path=f.path.clone()
                                            on:change=move |ev| apply(
                                                &f2,
                                                &l2,
                                                Some(Value::String(event_target_value(&ev))),
                                            )
                                        >
                                            {options
                                                .into_iter()
                                                .map(|o| {
                                                    let name = choice_name(lang.get_untracked(), &plain, &o)
                                                        .unwrap_or_default()
                                                        .to_string();
                                                    let selected = o == value;
                                                    view! {
                                                        <option value=o selected=selected>
                                                            {name}
                                                        </option>
                                                    }
                                                })
                                                .collect_view()}
                                        </select>
                                    </div>
                                }
                                    .into_any()
                            }
                        }
                    }
                />
            </div>
        </details>
    }
}
