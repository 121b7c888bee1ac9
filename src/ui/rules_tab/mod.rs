//! The 规则 tab of every match page: the match's own preset as readable rows, each with the
//! document § it follows ([`crate::i18n::preset_rows::rule_rows`]); the tabs themselves
//! ([`MatchTabs`], around the game's page); citations on the page as links to their row
//! ([`CiteText`]); and the set-up form's preset fields ([`PresetForm`], in `form.rs`).

mod form;

pub use form::PresetForm;

use crate::i18n::preset_rows::{row_for_cite, rule_rows, split_cites, RuleRow};
use crate::record::{Match, Setup};
use crate::ui::{ctx, tx};
use leptos::prelude::*;
use serde_json::Value;
use std::sync::Arc;

/// What a citation on the match page needs to reach its row: the tab shown, the row to
/// highlight, and the rows of the match's preset.
#[derive(Clone, Copy)]
pub struct RulesNav {
    /// Whether the 规则 tab is shown (else the game's page).
    pub open: RwSignal<bool>,
    /// The id of the row to scroll to and highlight (`rule-<key>`).
    pub focus: RwSignal<Option<String>>,
    /// The tab's rows ([`rule_rows`] of the match's preset, as JSON, in the language in
    /// force), made once for every citation of the page.
    pub rows: Memo<Vec<RuleRow>>,
    /// Where the match tab was scrolled when the 规则 tab opened (restored on the way back).
    pub scroll: StoredValue<f64>,
}

impl RulesNav {
    /// The row a citation shown as `text` leads to, in the language in force.
    pub fn row_of(&self, text: &str) -> String {
        let lang = ctx().lang.get_untracked();
        self.rows.with_untracked(|rows| row_for_cite(lang, rows, text))
    }
    /// Shows the tab at the row `id`.
    pub fn go(&self, id: String) {
        if !self.open.get_untracked() {
            self.scroll.set_value(window().scroll_y().unwrap_or(0.0));
        }
        self.focus.set(Some(id));
        self.open.set(true);
    }
}

/// The preset of a match's set-up as JSON (`Value::Null` for none).
pub fn preset_value(s: &Setup) -> Value {
    s.preset_json().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or(Value::Null)
}

/// The match page's two tabs, 记录 (the game's page, built by `page` under the tabs'
/// context) and 规则: the game's page stays
/// mounted while the rules are shown (its form and clocks keep their state), and coming
/// back returns to where the page was scrolled.
#[component]
pub fn MatchTabs(m: Memo<Option<Arc<Match>>>, #[prop(into)] page: ViewFn) -> impl IntoView {
    let open = RwSignal::new(false);
    let focus = RwSignal::new(None::<String>);
    // The set-up, compared with the one it has before anything is cloned: a commit leaves
    // it, and so the preset's JSON and the rows, as they were.
    let setup = Memo::new_owning(move |old: Option<Option<Setup>>| {
        m.with(|x| {
            let s = x.as_ref().map(|x| &x.setup);
            match old {
                Some(o) if o.as_ref() == s => (o, false),
                _ => (s.cloned(), true),
            }
        })
    });
    let preset = Memo::new(move |_| setup.with(|s| s.as_ref().map(preset_value).unwrap_or(Value::Null)));
    let lang = ctx().lang;
    let rows = Memo::new(move |_| preset.with(|p| rule_rows(lang.get(), p)));
    let scroll = StoredValue::new(0.0f64);
    let nav = RulesNav { open, focus, rows, scroll };
    provide_context(nav);
    let show = move |rules: bool| {
        if rules == open.get_untracked() {
            return;
        }
        let w = window();
        if rules {
            scroll.set_value(w.scroll_y().unwrap_or(0.0));
            focus.set(None);
            open.set(true);
            w.scroll_to_with_x_and_y(0.0, 0.0);
        } else {
            open.set(false);
            let y = scroll.get_value();
            request_animation_frame(move || window().scroll_to_with_x_and_y(0.0, y));
        }
    };
    let not_open = move || !open.get();
    view! {
        <div class="chips rt-tabs no-print" role="tablist" aria-label=tx("rt.tabs")>
            <button
                role="tab"
                id="tab-match"
                class="btn chip"
                class:selected=not_open
                aria-selected=move || (!open.get()).to_string()
                on:click=move |_| show(false)
            >
                {tx("rt.tab_match")}
            </button>
            <button
                role="tab"
                id="tab-rules"
                class="btn chip"
                class:selected=move || open.get()
                aria-selected=move || open.get().to_string()
                on:click=move |_| show(true)
            >
                {tx("rt.tab_rules")}
            </button>
        </div>
        <div class="rt-page" class:rt-hidden=move || open.get()>
            // Built here, below the context, so that its citations find the tab.
            {page.run()}
        </div>
        <Show when=move || open.get()>
            <RulesTab nav=nav on_back=move || show(false) />
        </Show>
    }
}

/// The 规则 tab: the preset's rows, the focused one scrolled to and highlighted.
#[component]
fn RulesTab(nav: RulesNav, on_back: impl Fn() + Clone + Send + Sync + 'static) -> impl IntoView {
    let rows = nav.rows;
    Effect::new(move |_| {
        if let Some(id) = nav.focus.get() {
            request_animation_frame(move || {
                if let Some(el) = document().get_element_by_id(&id) {
                    el.scroll_into_view();
                }
            });
        }
    });
    let back = on_back.clone();
    view! {
        <section class="page rules-tab" id="rules-tab">
            <h2>{tx("rt.title")}</h2>
            <p class="muted">{tx("rt.intro")}</p>
            <ul class="rule-rows">
                <For each=move || rows.get() key=|r: &RuleRow| (r.id.clone(), r.title.clone(), r.lines.clone()) let:r>
                    <RuleRowView r=r focus=nav.focus />
                </For>
            </ul>
            <button class="btn" id="rules-back" on:click=move |_| back()>
                {tx("rt.back")}
            </button>
        </section>
    }
}

#[component]
fn RuleRowView(r: RuleRow, focus: RwSignal<Option<String>>) -> impl IntoView {
    let id = r.id.clone();
    let hl = move || focus.with(|f| f.as_deref() == Some(id.as_str()));
    let cite = r.cite.clone();
    view! {
        <li id=r.id.clone() class="rule-row" class:hl=hl class:reading=r.reading>
            <div class="rule-head">
                <strong>{r.title.clone()}</strong>
                {r.reading.then(|| view! { <span class="badge reading">{tx("rt.reading")}</span> })}
            </div>
            <ul class="rule-lines">{r.lines.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}</ul>
            <p class="rule-cite">{tx("rt.cite")}": "{move || crate::ui::dt(&cite)}</p>
        </li>
    }
}

/// A line of text whose citations (see [`split_cites`]) are links to their row of the 规则
/// tab; plain text where there is no tab (outside a match page).
#[component]
pub fn CiteText(
    #[prop(into)] text: String,
    /// The whole text is one citation (a ruling's rule, typed as `000 §一(五)4`) when it holds a `§`.
    #[prop(optional)]
    whole: bool,
) -> impl IntoView {
    let nav = use_context::<RulesNav>();
    let parts = if whole && text.contains('§') { vec![(true, text)] } else { split_cites(&text) };
    parts
        .into_iter()
        .map(|(is_cite, part)| match (is_cite, nav) {
            (true, Some(nav)) => {
                let inner = part.trim_matches(|c| matches!(c, '[' | ']' | '(' | ')' | '（' | '）')).to_string();
                let row = nav.row_of(&inner);
                let href = format!("#{row}");
                view! {
                    <a
                        class="cite"
                        href=href
                        data-row=row.clone()
                        on:click=move |ev| {
                            ev.prevent_default();
                            nav.go(row.clone());
                        }
                    >
                        {part}
                    </a>
                }
                .into_any()
            }
            _ => part.into_any(),
        })
        .collect_view()
}
