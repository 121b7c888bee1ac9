//! The live preview of the 三打一 hand being entered: verdict, formula, deltas, violations.

use super::*;

/// The preview of the hand as entered (or why it cannot be computed yet).
#[component]
pub(super) fn HandPreview(
    form: SdyForm,
    preset: Memo<Preset>,
    names: Memo<Vec<String>>,
    candidate: Memo<Option<Result<SdyRow, crate::record::ImportError>>>,
) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <div class="preview" id="preview" aria-live="polite">
            {move || {
                let l = lang.get();
                let nm = names.get();
                let p = preset.get();
                match candidate.get() {
                    Some(Ok(r)) => {
                        let res = r.result.clone().expect("ok row");
                        view! {
                            <p class="verdict" id="preview-verdict">
                                {sdy_line(l, &nm, &r.hand)}
                            </p>
                            <p class="formula" id="preview-formula">
                                {sdy_formula(l, &p, &r.hand, &res)}
                            </p>
                            <p class="muted preview-cite">
                                <crate::ui::rules_tab::CiteText text=format!("[{}]", tr(l, "sdy.rule_src")) />
                            </p>
                            <p class="deltas" id="preview-deltas">
                                {deltas_text(&nm, &res.deltas)}
                            </p>
                            {(!res.violations.is_empty())
                                .then(|| {
                                    view! {
                                        <ul class="violations" id="preview-violations" role="alert">
                                            {res
                                                .violations
                                                .iter()
                                                .map(|x| view! { <li>{violation_text(l, &nm, x)}</li> })
                                                .collect_view()}
                                        </ul>
                                    }
                                })}
                            <p class="muted">{tr(l, "ddz.running")}": "{deltas_text(&nm, &r.running)}</p>
                        }
                            .into_any()
                    }
                    Some(Err(e)) => {
                        view! {
                            <p class="field-error" id="preview-error">
                                {refusal_text(l, &nm, &e)}
                            </p>
                        }
                            .into_any()
                    }
                    None => view! { <p class="muted">{tr(l, incomplete_key(form.bid))}</p> }.into_any(),
                }
            }}
        </div>
    }
}
