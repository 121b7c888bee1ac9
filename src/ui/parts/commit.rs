//! The foot of a match page's entry form: why the last commit was refused, and the sticky
//! 记录 / 保存修改 button with 取消 while an earlier entry is edited.

use crate::ui::widgets::no_key_repeat;
use crate::ui::{t, tx};
use leptos::prelude::*;

/// The commit error (`ids[0]`), the commit button (`ids[1]`: `label`, an i18n key, or
/// 保存修改 while `editing`; off while `disabled`) and, while editing, 取消 (`cancel_id`,
/// if any) running `on_cancel`.
#[component]
pub fn CommitBar(
    ids: [&'static str; 2],
    error: RwSignal<Option<String>>,
    #[prop(into)] editing: Signal<bool>,
    label: &'static str,
    on_commit: impl Fn(leptos::ev::MouseEvent) + 'static,
    on_cancel: impl Fn() + Copy + Send + Sync + 'static,
    #[prop(optional)] cancel_id: Option<&'static str>,
    #[prop(optional, into)] disabled: Signal<bool>,
) -> impl IntoView {
    view! {
        {move || {
            error
                .get()
                .map(|e| {
                    view! {
                        <div class="banner error" role="alert" id=ids[0]>
                            {e}
                        </div>
                    }
                })
        }}
        <div class="actions sticky">
            <button
                class="btn primary big"
                id=ids[1]
                disabled=move || disabled.get()
                on:click=on_commit
                on:keydown=no_key_repeat
            >
                {move || if editing.get() { t("entry.save_edit") } else { t(label) }}
            </button>
            <Show when=move || editing.get()>
                <button class="btn" id=cancel_id on:click=move |_| on_cancel()>
                    {tx("common.cancel")}
                </button>
            </Show>
        </div>
    }
}
