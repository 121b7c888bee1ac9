//! The state of one 五子棋 match page and what its parts do with it: commit a move or a
//! result, run the clock, move the pending stone.

use super::*;

/// What the parts of a 五子棋 match page share (all `Copy`): the match and its replay,
/// the pending stone and result, the game shown, the clock's "now".
#[derive(Clone, Copy)]
pub(super) struct Rj {
    pub m: Memo<Option<Arc<Match>>>,
    pub lang: RwSignal<Lang>,
    pub setup: Memo<RenjuSetup>,
    pub view_memo: Memo<RenjuView>,
    /// The stone picked and not yet confirmed.
    pub pending: RwSignal<Option<Point>>,
    /// One commit per intent: the pending stone is the form.
    pub intent: FormIntent,
    /// The move whose lines are highlighted (a forbidden move of the list).
    pub focus: RwSignal<Option<String>>,
    /// The game shown (`None`: the current one).
    pub shown: RwSignal<Option<usize>>,
    /// The page's error line.
    pub msg: RwSignal<Option<String>>,
    /// A result not read off the board, previewed before it is recorded.
    pub pending_result: RwSignal<Option<(EndReason, Option<Stone>)>>,
    /// Who plays black in the next game (`None`: the default, the colours swapped).
    pub next_black: RwSignal<Option<Player>>,
    /// The clock's "now" (monotonic, [`crate::ui::clock::run_now`]).
    pub now: Signal<f64>,
    pub shown_game: Memo<RenjuGame>,
    /// The shown game is the current one, still open, and the match not signed off.
    pub live: Memo<bool>,
    /// The engine's judgement of the pending stone (black only).
    pub pending_judgement: Memo<Option<Judgement>>,
    /// Why the commit would refuse the pending stone (translated), if it would.
    pub pending_refusal: Memo<Option<String>>,
}

impl Rj {
    /// A player's name as the set-up gives it.
    pub fn name(self, p: Player) -> String {
        let Rj { lang, setup, .. } = self;
        player_label(lang.get(), &setup.get(), p)
    }
    /// Whether the match is signed off.
    pub fn locked(self) -> bool {
        self.view_memo.with(|v| v.locked)
    }
    /// The time used in the current game by the player to move, now (for a pause).
    pub fn elapsed_now(self) -> Option<f64> {
        let Rj { view_memo, now, .. } = self;
        Some(view_memo.with_untracked(|v| {
            let g = v.current();
            g.clock.elapsed_ms(g.to_move(), g.to_move(), now.get_untracked())
        }))
    }
    /// Stores a move or a result; its error goes to the page's error line.
    pub fn act(self, a: RenjuAction) -> bool {
        let Rj { m, msg, .. } = self;
        let Some(x) = m.get_untracked() else { return false };
        match commit(&x, Op::Hand { hand: HandInput::Renju(a) }) {
            Ok(()) => {
                msg.set(None);
                true
            }
            Err(e) => {
                msg.set(Some(e));
                false
            }
        }
    }
    /// Stores another entry (a clock action); its error goes to the page's error line.
    pub fn simple(self, op: Op) {
        let Rj { m, msg, .. } = self;
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                msg.set(Some(e));
            }
        }
    }
    /// Logs the pending stone at `p`. `at`: when the tap or the press happened.
    pub fn place(self, p: Point, at: f64) {
        let Rj { view_memo, pending, intent, focus, .. } = self;
        let act = move |a: RenjuAction| self.act(a);
        intent.commit(
            at,
            move || Some(format!("{} {p}", t("rj.confirm"))),
            move || {
                // The colour shown when the referee placed it: checked when saved.
                let stone = Some(view_memo.with_untracked(|v| v.current().to_move()));
                let placed = act(RenjuAction::Stone { point: p, stone });
                if placed {
                    pending.set(None);
                    focus.set(None);
                }
                placed
            },
        )
    }
    /// The pending stone moved by one intersection (a tap that took the neighbour of the
    /// point meant); an occupied or off-board target leaves it where it is.
    pub fn nudge(self, dc: i8, dr: i8) {
        let Rj { pending, intent, msg, shown_game, .. } = self;
        let Some(p) = pending.get_untracked() else { return };
        let Some(q) =
            p.col.checked_add_signed(dc).zip(p.row.checked_add_signed(dr)).and_then(|(c, r)| Point::new(c, r))
        else {
            return;
        };
        if shown_game.with_untracked(|g| g.board.get(q).is_some()) {
            msg.set(Some(format!("{q}: {}", t("rj.occupied"))));
            return;
        }
        msg.set(None);
        pending.set(Some(q));
        intent.touch();
    }
    /// A colour's time left in the current game, ms (`None`: no clock).
    pub fn remaining(self, c: Stone) -> Option<f64> {
        let Rj { setup, view_memo, now, .. } = self;
        let mins = setup.with(|s| s.clock.map(|k| k.minutes))?;
        let g = view_memo.with(|v| v.current().clone());
        Some(mins as f64 * 60_000.0 - g.clock.elapsed_ms(c, g.to_move(), now.get()))
    }
}
