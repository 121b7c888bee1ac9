//! 五子棋 pages (RULES.md §5): the referee's board and the set-up form.
//!
//! The board is a 15×15 SVG sized for a phone: tap an intersection to put the next stone
//! there as a ghost (with the engine's verdict for a black move), tap it again — or press
//! confirm — to log it, so a slip is not a move. A forbidden black move is marked on the
//! board with its shape named and the lines behind it highlighted, and the claim is offered
//! until white plays on. Everything shown is the replay of the log
//! ([`crate::record::games::renju::replay`]).
//!
//! One file a part of the page: the board drawing ([`board`]), the scoreboard ([`score`]),
//! the pending stone's preview ([`preview`]), the claim ([`claim`]), the results of a game
//! ([`results`]), the records ([`record`]), the result sheet ([`sheet`]), the set-up form
//! ([`setup`]); the page's shared state and its actions are [`state::Rj`].

use crate::i18n::{tr, Lang};
use crate::record::game::GameId;
use crate::record::games::renju::{
    claim_name, colour_label, end_name, fill, player_label, record_text, replay, result_line, shape_name,
    shapes_behind, verdict_name, ClaimStatus, EndReason, GameClock, Player, RenjuAction, RenjuGame, RenjuSetup,
    RenjuView,
};
use crate::record::{ClockAction, Entry, HandInput, Match, Op, Setup};
use crate::rules::renju::{self, Direction, Judgement, Point, Preset, Stone, Verdict};
use crate::ui::widgets::{fmt_duration, no_key_repeat, FormIntent, UndoButton};
use crate::ui::{commit, create_match, ctx, fmt_time, new_id, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use wasm_bindgen::{JsCast, JsValue};

mod board;
mod claim;
mod preview;
mod record;
mod results;
mod score;
mod setup;
mod sheet;
mod state;
mod text;
use board::*;
use claim::*;
use preview::*;
use record::*;
use results::*;
use score::*;
pub use setup::NewForm;
use sheet::*;
use state::*;
use text::*;

/// The board's view toggles, kept across re-mounts of the page (the match page is built
/// again after each logged entry).
static SHOW_NUMBERS: AtomicBool = AtomicBool::new(false);
static SHOW_FORBIDDEN: AtomicBool = AtomicBool::new(false);

fn setup_of(m: &Match) -> Option<&RenjuSetup> {
    match &m.setup {
        Setup::Renju(s) => Some(s),
        _ => None,
    }
}

/// One line for the home list, in the language in force
/// ([`crate::record::games::renju::home_line`]).
pub fn summary(m: &Match) -> String {
    let Some(s) = setup_of(m) else { return String::new() };
    crate::record::games::renju::home_line(ctx().lang.get_untracked(), s, &replay(m, s))
}

/// The players as the two sides a ruling names ([`crate::record::game::Game::names`]: player 1 as team `A`,
/// player 2 as `B`), a player without a name as the set-up form's default (棋手一 / 棋手二).
fn players_as_teams(setup: Memo<RenjuSetup>) -> Signal<std::collections::BTreeMap<crate::rules::Team, String>> {
    use crate::record::game::Game;
    let lang = ctx().lang;
    Signal::derive(move || {
        let l = lang.get();
        setup.with(|s| {
            let (mut teams, _) = crate::record::games::renju::Renju::names(s);
            for (t, n) in teams.iter_mut() {
                if n.trim().is_empty() {
                    *n = crate::record::games::renju::Renju::unnamed_side(s, l, *t);
                }
            }
            teams
        })
    })
}

/// The match view of a renju match.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let setup = Memo::new(move |_| m.with(|o| o.as_deref().and_then(setup_of).cloned().unwrap_or_default()));
    let view_memo: Memo<RenjuView> = Memo::new(move |_| {
        m.with(|o| match o.as_deref().and_then(|x| setup_of(x).map(|s| (x, s))) {
            Some((x, s)) => replay(x, s),
            None => RenjuView::empty(&RenjuSetup::default()),
        })
    });
    // The undo button and the log name a stone by its move ("第 12 手 h8"), not as a hand.
    crate::ui::parts::EntryNamer::set(Callback::new(move |id: String| {
        let l = lang.get_untracked();
        let stone = view_memo.with_untracked(|v| {
            let many = v.games.len() > 1;
            v.games.iter().find_map(|g| {
                g.moves.iter().find(|r| r.entry_id == id).map(|r| {
                    let mv = format!("{} {}", fill(l, "rj.move_n", r.number), r.point);
                    if many {
                        format!("{} {mv}", fill(l, "rj.game_n", g.number))
                    } else {
                        mv
                    }
                })
            })
        });
        stone.or_else(|| {
            m.with_untracked(|x| {
                let e = x.as_deref()?.entries.iter().find(|e| e.id == id)?;
                match &e.op {
                    Op::Hand { hand: HandInput::Renju(RenjuAction::Claim) } => Some(tr(l, "rj.claim").to_string()),
                    Op::Hand { hand: HandInput::Renju(RenjuAction::GameResult { .. }) } => {
                        Some(tr(l, "rj.result").to_string())
                    }
                    _ => None,
                }
            })
        })
    }));
    let pending: RwSignal<Option<Point>> = RwSignal::new(None);
    // One commit per intent: the pending stone is the form (touched when a point is
    // picked); a repeated confirm or a third tap stores one stone.
    let intent = FormIntent::new();
    // A stone picked and not yet confirmed survives a reload, an update and back/forward;
    // no stone pending, nothing to keep (nor to ask about when leaving).
    crate::ui::draft::keep_draft(
        GameId::Renju.as_str(),
        &m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default()),
        intent,
        move || pending.get(),
        move |p: Option<Point>| pending.set(p),
    );
    Effect::new(move |_| {
        if pending.with(Option::is_none) {
            intent.fresh();
        }
    });
    let numbers = RwSignal::new(SHOW_NUMBERS.load(Ordering::Relaxed));
    let show_forbidden = RwSignal::new(SHOW_FORBIDDEN.load(Ordering::Relaxed));
    Effect::new(move |_| SHOW_NUMBERS.store(numbers.get(), Ordering::Relaxed));
    Effect::new(move |_| SHOW_FORBIDDEN.store(show_forbidden.get(), Ordering::Relaxed));
    let focus: RwSignal<Option<String>> = RwSignal::new(None);
    let shown: RwSignal<Option<usize>> = RwSignal::new(None);
    let msg: RwSignal<Option<String>> = RwSignal::new(None);
    let pending_result: RwSignal<Option<(EndReason, Option<Stone>)>> = RwSignal::new(None);
    let next_black: RwSignal<Option<Player>> = RwSignal::new(None);
    // The clock's "now" on the monotonic clock (crate::ui::clock), not the wall clock alone.
    let tick = crate::ui::clock::ticker();
    let scope =
        crate::ui::clock::clock_scope(&m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default()));
    let running_since = Memo::new(move |_| view_memo.with(|v| v.current().clock.running_since));
    let now = Signal::derive(move || {
        tick.track();
        crate::ui::clock::run_now(&scope, running_since.get())
    });

    let locked = move || view_memo.with(|v| v.locked);
    // Signed off (here or in another tab) with a stone pending: the stone can no longer be
    // placed, so it and its draft go, and the referee is told (no leave question then).
    Effect::new(move |_| {
        if locked() && pending.with_untracked(Option::is_some) {
            pending.set(None);
            crate::ui::notify(t("rj.pending_dropped"));
        }
    });
    let shown_index = move || {
        let n = view_memo.with(|v| v.games.len());
        shown.get().filter(|i| *i < n).unwrap_or(n - 1)
    };
    let shown_game = Memo::new(move |_| {
        let i = shown_index();
        view_memo.with(|v| v.games[i].clone())
    });
    let is_current = move || view_memo.with(|v| shown_index() + 1 == v.games.len());
    let live = Memo::new(move |_| is_current() && !locked() && view_memo.with(|v| v.current().result.is_none()));
    // The engine's judgement of the pending stone (black only).
    let pending_judgement = Memo::new(move |_| {
        let p = pending.get()?;
        if !live.get() {
            return None;
        }
        shown_game.with(|g| {
            (g.to_move() == Stone::Black && g.board.get(p).is_none()).then(|| renju::judge(&g.board, p).ok()).flatten()
        })
    });
    // The pending stone checked as its commit would be ([`Match::preview`]): why the commit
    // would refuse it (translated), if it would.
    let pending_refusal = Memo::new(move |_| {
        let p = pending.get()?;
        if !live.get() {
            return None;
        }
        let _ = lang.get();
        let stone = Some(view_memo.with(|v| v.current().to_move()));
        let op = Op::Hand { hand: HandInput::Renju(RenjuAction::Stone { point: p, stone }) };
        m.with(|x| x.as_ref()?.check(Entry { after: None, id: "preview".into(), at_ms: now_ms(), op }).err())
            .map(|e| crate::ui::refusal_text(&e))
    });
    let highlight = Memo::new(move |_| {
        if let Some(j) = pending_judgement.get() {
            return (j.verdict != Verdict::None).then_some(j);
        }
        if pending.get().is_some() {
            return None;
        }
        shown_game.with(|g| {
            if let Some(id) = focus.get() {
                if let Some(r) = g.moves.iter().find(|r| r.entry_id == id) {
                    return r.judgement.clone();
                }
            }
            g.open_claim().and_then(|r| r.judgement.clone())
        })
    });
    let forbidden_marks = Memo::new(move |_| {
        if !show_forbidden.get() || !live.get() {
            return Vec::new();
        }
        shown_game.with(|g| if g.to_move() == Stone::Black { renju::forbidden_points(&g.board) } else { Vec::new() })
    });

    let rj = Rj {
        m,
        lang,
        setup,
        view_memo,
        pending,
        intent,
        focus,
        shown,
        msg,
        pending_result,
        next_black,
        now,
        shown_game,
        live,
        pending_judgement,
        pending_refusal,
    };
    let place = move |p: Point, at: f64| rj.place(p, at);
    let on_tap = move |p: Point| {
        if !live.get_untracked() {
            return;
        }
        if shown_game.with_untracked(|g| g.board.get(p).is_some()) {
            msg.set(Some(format!("{p}: {}", t("rj.occupied"))));
            pending.set(None);
            return;
        }
        msg.set(None);
        pending_result.set(None);
        if pending.get_untracked() == Some(p) {
            place(p, crate::ui::widgets::mono_ms());
        } else {
            pending.set(Some(p));
            intent.touch();
        }
    };
    // A player's time runs out: sound and vibration once (as the settings say).
    Effect::new(move |prev: Option<bool>| {
        let g = view_memo.with(|v| v.current().clone());
        let up = g.result.is_none() && rj.remaining(g.to_move()).is_some_and(|r| r <= 0.0);
        if up && prev == Some(false) {
            crate::ui::widgets::alarm(800);
        }
        up
    });

    view! {
        <section class="page match renju" id="rj-page">
            {crate::ui::parts::match_title(m)}
            // Scoreboard: both players (colour in this game, games won, clock), then the clock
            // control and the game / move count — compact, so the board fits a phone screen.
            <Scoreboard rj=rj />

            // Games of the match: which board is shown.
            <Show when=move || view_memo.with(|v| v.games.len() > 1)>
                <div class="chips" id="rj-games">
                    {move || {
                        (0..view_memo.with(|v| v.games.len()))
                            .map(|i| {
                                view! {
                                    <button
                                        class="btn chip"
                                        class:selected=move || shown_index() == i
                                        id=format!("rj-game-{}", i + 1)
                                        on:click=move |_| {
                                            shown.set(Some(i));
                                            pending.set(None);
                                            focus.set(None);
                                        }
                                    >
                                        {move || fill(lang.get(), "rj.game_n", i + 1)}
                                    </button>
                                }
                            })
                            .collect_view()
                    }}
                </div>
            </Show>

            <BoardSvg
                game=shown_game.into()
                pending=pending
                numbers=numbers
                highlight=highlight.into()
                forbidden=forbidden_marks.into()
                live=live.into()
                on_tap=on_tap
            />

            {move || {
                msg.get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert" id="rj-error">
                                {e}
                            </div>
                        }
                    })
            }}

            // The live preview of the pending stone; confirm on a second tap or here.
            <PendingPreview rj=rj />

            // The claim: offered right after a forbidden black move, until white plays on.
            <ClaimBanner rj=rj />

            // Results not read off the board: resignation, time, draw (previewed, then confirmed).
            <OtherResults rj=rj />

            // The end of a game: the result, the match score, the next game with its colours.
            <GameEnd rj=rj />

            <div class="actions rj-tools">
                <button
                    class="btn chip"
                    id="rj-numbers"
                    class:selected=move || numbers.get()
                    on:click=move |_| numbers.update(|n| *n = !*n)
                >
                    {tx("rj.numbers")}
                </button>
                <button
                    class="btn chip"
                    id="rj-show-forbidden"
                    class:selected=move || show_forbidden.get()
                    on:click=move |_| show_forbidden.update(|n| *n = !*n)
                >
                    {tx("rj.show_forbidden")}
                </button>
                <UndoButton
                    m=m
                    locked=Signal::derive(locked)
                    id="rj-undo"
                    before=Callback::new(move |_| {
                        pending.set(None);
                        pending_result.set(None);
                    })
                    on_error=Callback::new(move |e: String| msg.set(Some(e)))
                />
            </div>

            <crate::ui::ruling::RulingPanel m=m teams=players_as_teams(setup) locked=Signal::derive(locked) />

            // Forbidden moves of the match: tap one to see its lines on the board.
            <ForbiddenList view_memo=view_memo shown=shown pending=pending focus=focus />

            // The move record: text (copy / download) and the JSON export.
            <MoveRecord m=m setup=setup view_memo=view_memo />
            <crate::ui::parts::MatchActions m=m export="rj-export" share=true />
            <ResultSheet m=m v=view_memo.into() setup=setup.into() />
            <crate::ui::parts::ShareBar m=m />
        </section>
    }
}
