//! Size floor, part 2: a minimal Leptos 0.8 CSR shell on the app's fixed stack — a
//! router with three pages, signals, a memo, an input, a list, a button, and one value
//! read from and written to localStorage through gloo-storage and serde_json — with no
//! game rules and no app UI. `scripts/size-floor.sh` builds it like the app (release
//! profile, `--cfg erase_components`, same wasm-opt) and prints its gzip size. Not part
//! of the app; native builds compile an empty library.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use gloo_storage::{LocalStorage, Storage};
    use leptos::prelude::*;
    use leptos_router::components::{Route, Router, Routes, A};
    use leptos_router::hooks::use_params_map;
    use leptos_router::path;
    use wasm_bindgen::prelude::*;

    #[derive(serde::Serialize, serde::Deserialize, Clone, Default)]
    struct Saved {
        names: Vec<String>,
        points: u32,
    }

    #[component]
    fn Home() -> impl IntoView {
        let saved = RwSignal::new(LocalStorage::get::<Saved>("floor").unwrap_or_default());
        let text = RwSignal::new(String::new());
        let total = Memo::new(move |_| saved.with(|s| s.points + s.names.len() as u32));
        let add = move |_| {
            saved.update(|s| {
                s.names.push(text.get_untracked());
                s.points += 5;
            });
            let _ = LocalStorage::set("floor", saved.get_untracked());
        };
        view! {
            <h1>"Floor"</h1>
            <p class="total">{move || total.get()}</p>
            <input prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev)) />
            <button class="btn" on:click=add>"+"</button>
            <ul>{move || saved.with(|s| s.names.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view())}</ul>
            <A href="/m/1">"1"</A>
        }
    }

    #[component]
    fn MatchPage() -> impl IntoView {
        let params = use_params_map();
        view! { <p>{move || params.with(|p| p.get("id").unwrap_or_default())}</p> <A href="/">"home"</A> }
    }

    #[component]
    fn About() -> impl IntoView {
        view! { <p>"about"</p> }
    }

    #[wasm_bindgen(start)]
    pub fn start() {
        console_error_panic_hook::set_once();
        mount_to_body(|| {
            view! {
                <Router>
                    <main>
                        <Routes fallback=|| "404">
                            <Route path=path!("/") view=Home />
                            <Route path=path!("/m/:id") view=MatchPage />
                            <Route path=path!("/about") view=About />
                        </Routes>
                    </main>
                </Router>
            }
        })
    }
}
