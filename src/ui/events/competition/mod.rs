//! One competition's tab: format, draw, schedule with table assignments and each table's
//! match, standings and results with print and CSV. One file a section: the settings
//! ([`settings`]), the draw ([`draw_view`]), the schedule ([`rounds`]), the standings and
//! results ([`standings_view`]).

use super::*;

mod draw_view;
mod rounds;
mod settings;
mod standings_view;

use draw_view::CompDraw;
use rounds::CompRounds;
use settings::CompSettings;
use standings_view::CompStandings;

/// An edit of one competition (applied to a copy, validated, saved).
pub(super) type CompEdit = Box<dyn FnOnce(&mut Competition) -> Result<(), String>>;

/// What the sections of one competition's tab share (all `Copy`).
#[derive(Clone, Copy)]
struct CompCtx {
    /// The event being edited.
    ev: Ev,
    /// The competition's id.
    cid: StoredValue<String>,
    /// The competition as the event holds it now.
    comp: Memo<Option<Competition>>,
    /// Its standings from the stored matches.
    st: Memo<Option<Standings>>,
    lang: RwSignal<Lang>,
}

impl CompCtx {
    /// The event (shown while the tab is).
    fn event(&self) -> Event {
        self.ev.ev.get().expect("event present")
    }
    /// Applies `f` to the competition in the event as stored now ([`Ev::mutate`]).
    fn mutate(&self, f: CompEdit) -> bool {
        let id = self.cid.get_value();
        self.ev.mutate(move |e| match e.competition_mut(&id) {
            Some(c) => f(c),
            None => Err(t("ev.missing").to_string()),
        })
    }
}

#[component]
pub(super) fn CompetitionTab(ev: Ev, cid: String, tab: RwSignal<String>) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let cid = StoredValue::new(cid);
    let comp = Memo::new(move |_| ev.ev.with(|e| e.as_ref().and_then(|e| e.competition(&cid.get_value()).cloned())));
    let st: Memo<Option<Standings>> = Memo::new(move |_| {
        let comp = comp.get()?;
        Some(c.matches.with(|ms| standings::standings(&comp, &owned(ms))))
    });
    let cx = CompCtx { ev, cid, comp, st, lang };
    view! {
        <section class="ev-comp" data-competition=move || cid.get_value()>
            <CompSettings cx=cx tab=tab />
            <CompDraw cx=cx />
            <CompRounds cx=cx />
            <CompStandings cx=cx />
        </section>
    }
}
