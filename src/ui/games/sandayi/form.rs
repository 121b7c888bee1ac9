//! The 三打一 hand being entered, and its draft.

use super::*;

/// The 三打一 form as the referee left it (its draft, [`crate::ui::draft`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct SdyDraft {
    first: usize,
    /// Whether `first` was chosen (a draft without it had it chosen once it holds calls).
    #[serde(default)]
    asked: Option<bool>,
    calls: Vec<Call>,
    won: Option<bool>,
    tanda: bool,
    mingwang: bool,
    huangfan: bool,
    bombs: Vec<u32>,
    editing: Option<String>,
}

/// The 三打一 hand being entered.
#[derive(Clone, Copy)]
pub(super) struct SdyForm {
    pub(super) base: FormBase,
    pub(super) won: RwSignal<Option<bool>>,
    pub(super) tanda: RwSignal<bool>,
    pub(super) mingwang: RwSignal<bool>,
    /// 荒番 for the first deal of the log only (later deals carry it from the log).
    pub(super) huangfan: RwSignal<bool>,
    pub(super) bombs: RwSignal<Vec<u32>>,
    /// Players at the table.
    n: usize,
}

impl SdyForm {
    /// The hand as entered, once complete. `carried`: the 荒番 the log carries to this deal
    /// (`None` for the first deal of the log: the toggle decides).
    pub(super) fn hand(&self, p: &Preset, carried: Option<bool>) -> Option<Hand> {
        let n = p.players;
        let top = p.bid_values.last().copied().unwrap_or(3);
        let first = self.base.bid.chosen_first()?;
        let calls = self.base.bid.calls.get();
        let bids = bids_from(n, first, &calls, top)?;
        let huangfan = carried.unwrap_or_else(|| self.huangfan.get());
        match high_bid(n, first, &calls) {
            None => Some(Hand { bids, first_bidder: Some(first), huangfan, ..Hand::default() }),
            Some((l, v)) => {
                let won = self.won.get()?;
                let toulia = calls.first() == Some(&Call::Bid(p.toulia_bid));
                let bombs = self.bombs.get();
                Some(Hand {
                    landlord: Some(l),
                    bid: v,
                    bids,
                    first_bidder: Some(first),
                    huangfan,
                    tanda: self.tanda.get() && (toulia || !p.tanda_needs_toulia),
                    mingwang: self.mingwang.get(),
                    toulia,
                    landlord_won: won,
                    bombs: if bombs.iter().all(|&b| b == 0) { Vec::new() } else { bombs },
                })
            }
        }
    }
}

impl SessionForm for SdyForm {
    type Preset = Preset;
    type Hand = Hand;
    type Draft = SdyDraft;
    fn new(p: &Preset) -> Self {
        let n = p.players;
        SdyForm {
            base: FormBase::new(BidState::asking()),
            won: RwSignal::new(None),
            tanda: RwSignal::new(false),
            mingwang: RwSignal::new(false),
            huangfan: RwSignal::new(false),
            bombs: RwSignal::new(vec![0; n]),
            n,
        }
    }
    fn base(&self) -> FormBase {
        self.base
    }
    fn incomplete_key(&self) -> &'static str {
        incomplete_key(self.base.bid)
    }
    fn load(&self, p: &Preset, h: &Hand, id: Option<String>) {
        let n = p.players;
        let first = h
            .first_bidder
            .or_else(|| crate::rules::sandayi::bidding_outcome(p, &h.bids, None).ok().map(|b| b.first_bidder))
            .unwrap_or(0);
        self.base.bid.load(&h.bids, first);
        self.won.set(h.landlord.map(|_| h.landlord_won));
        self.tanda.set(h.tanda);
        self.mingwang.set(h.mingwang);
        self.huangfan.set(h.huangfan);
        self.bombs.set((0..n).map(|i| h.bombs_of(i)).collect());
        self.base.start(id);
    }

    /// The form as it stands (tracked).
    fn draft(&self) -> SdyDraft {
        SdyDraft {
            first: self.base.bid.first.get(),
            asked: Some(self.base.bid.asked.get()),
            calls: self.base.bid.calls.get(),
            won: self.won.get(),
            tanda: self.tanda.get(),
            mingwang: self.mingwang.get(),
            huangfan: self.huangfan.get(),
            bombs: self.bombs.get(),
            editing: self.base.editing.get(),
        }
    }

    /// Puts a draft back (a draft of another table size keeps blank bombs).
    fn set_draft(&self, d: SdyDraft) {
        let n = self.n;
        self.base.bid.first.set(d.first % n.max(1));
        self.base.bid.asked.set(d.asked.unwrap_or(!d.calls.is_empty()));
        self.base.bid.calls.set(d.calls);
        self.base.bid.error.set(None);
        self.won.set(d.won);
        self.tanda.set(d.tanda);
        self.mingwang.set(d.mingwang);
        self.huangfan.set(d.huangfan);
        self.bombs.set(if d.bombs.len() == n { d.bombs } else { vec![0; n] });
        self.base.restore(d.editing);
    }

    fn reset(&self, first: usize) {
        let n = self.n;
        self.base.bid.reset(first);
        self.won.set(None);
        self.tanda.set(false);
        self.mingwang.set(false);
        self.huangfan.set(false);
        self.bombs.set(vec![0; n]);
        self.base.start(None);
    }
}
