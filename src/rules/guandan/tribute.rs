//! Cards and tribute (RULES.md §2, seed 004 第三篇): the tribute due after a hand
//! ([`tribute_due`]), the tribute record entered with the next hand and its check
//! ([`validate_tribute`]).

use super::*;

/// A card's rank including the jokers. Serialized as `"2"`…`"A"`, `"SJ"` (小王), `"BJ"` (大王).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardRank {
    /// A plain rank 2…A.
    Plain(Rank),
    /// 小王.
    SmallJoker,
    /// 大王.
    BigJoker,
}

impl CardRank {
    /// Parses `"2"`…`"A"`, `"SJ"`, `"BJ"`.
    pub fn parse(s: &str) -> Option<CardRank> {
        match s.trim().to_ascii_uppercase().as_str() {
            "SJ" => Some(CardRank::SmallJoker),
            "BJ" => Some(CardRank::BigJoker),
            other => Rank::parse(other).map(CardRank::Plain),
        }
    }
    /// Display name: `"2"`…`"A"`, `"SJ"`, `"BJ"`.
    pub fn name(self) -> &'static str {
        match self {
            CardRank::Plain(r) => r.name(),
            CardRank::SmallJoker => "SJ",
            CardRank::BigJoker => "BJ",
        }
    }
}

impl Serialize for CardRank {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for CardRank {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardRank, D::Error> {
        let s = String::deserialize(d)?;
        CardRank::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown card {s:?}: expected 2…10, J, Q, K, A, SJ or BJ")))
    }
}

/// A suit: `S` ♠, `H` ♥, `D` ♦, `C` ♣.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// Spades ♠.
    S,
    /// Hearts ♥.
    H,
    /// Diamonds ♦.
    D,
    /// Clubs ♣.
    C,
}

/// A card, e.g. `{"rank": "A", "suit": "S"}` or `{"rank": "BJ"}`. The suit is optional
/// (only the heart level card matters to the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Rank or joker.
    pub rank: CardRank,
    /// Suit, if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit: Option<Suit>,
}

impl Card {
    /// Strength of the card as a single when `level` is played: 大王 > 小王 > level card >
    /// A > K > … > 2 (004 第一篇 §三). Larger is stronger.
    pub fn power(&self, level: Rank) -> u8 {
        match self.rank {
            CardRank::BigJoker => 16,
            CardRank::SmallJoker => 15,
            CardRank::Plain(r) if r == level => 14,
            CardRank::Plain(r) => r.index() + 1,
        }
    }
    /// Is this the heart card of the level played (逢人配), which is never given as tribute?
    pub fn is_heart_level_card(&self, level: Rank) -> bool {
        self.rank == CardRank::Plain(level) && self.suit == Some(Suit::H)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = match self.suit {
            Some(Suit::S) => "♠",
            Some(Suit::H) => "♥",
            Some(Suit::D) => "♦",
            Some(Suit::C) => "♣",
            None => "",
        };
        match self.rank {
            CardRank::BigJoker => f.write_str("大王"),
            CardRank::SmallJoker => f.write_str("小王"),
            CardRank::Plain(r) => write!(f, "{suit}{r}"),
        }
    }
}

/// Single (单贡) or double (双贡) tribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TributeKind {
    /// One payer gives one card to 头游.
    Single,
    /// After 双下 both losers pay: the larger card to 头游, the other to 2nd.
    Double,
}

/// Who leads once the tribute has been paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum LeadRule {
    /// Single tribute: the payer leads.
    Payer {
        /// The payer.
        seat: Seat,
    },
    /// Double tribute: the payer of the larger tribute leads; equal tributes → `tie`.
    LargerTribute {
        /// Rule for equal tributes.
        tie: TieLead,
        /// 头游's 下家 (used by `tie`).
        next_of_first: Seat,
    },
}

/// The tribute due before the next hand, derived from the previous finishing order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TributeDue {
    /// Single or double.
    pub kind: TributeKind,
    /// Who pays: single → one seat; double → 3rd and 4th (in finishing order).
    pub payers: Vec<Seat>,
    /// Who receives: single → 头游; double → 头游 (gets the larger card), then 2nd.
    pub receivers: Vec<Seat>,
    /// Who leads when the tribute is paid.
    pub lead: LeadRule,
    /// Who leads after 抗贡 (头游).
    pub lead_if_resisted: Seat,
    /// The rule, with its source ([`Step::DoubleTribute`] or [`Step::SingleTribute`]).
    pub rule: Step,
}

impl TributeDue {
    /// Who receives each payer's card, in the order of [`TributeDue::payers`], when `level`
    /// is played and the payers give `cards` (`None`: not chosen yet): a single tribute goes
    /// to 头游; a double tribute's larger card goes to 头游 and the other to 2nd (equal or
    /// unknown cards: in payer order) — RULES.md §2 "Tribute".
    pub fn receivers_for(&self, cards: &[Option<Card>], level: Rank) -> Vec<Seat> {
        match (self.kind, self.receivers.as_slice(), cards) {
            (TributeKind::Double, [first, second], [Some(a), Some(b)]) if b.power(level) > a.power(level) => {
                vec![*second, *first]
            }
            (TributeKind::Double, [first, second], _) => vec![*first, *second],
            _ => self.payers.iter().map(|_| self.receivers[0]).collect(),
        }
    }

    /// Each payer's tribute as it will be stored: (payer, receiver) in the order of
    /// [`TributeDue::payers`], for the cards chosen so far ([`TributeDue::receivers_for`]).
    /// What an entry form labels each payer's box with ("西 → 南").
    pub fn pairs(&self, cards: &[Option<Card>], level: Rank) -> Vec<(Seat, Seat)> {
        self.payers.iter().copied().zip(self.receivers_for(cards, level)).collect()
    }

    /// The payments stored for what was entered, one [`TributeEntry`] a payer in the order
    /// of [`TributeDue::payers`]: each to the receiver [`TributeDue::pairs`] names for the
    /// same cards, with its return. A payer whose card is not chosen yet is left out.
    pub fn payments(&self, entered: &[TributeEntry], level: Rank) -> Vec<TributePayment> {
        let cards: Vec<Option<Card>> = entered.iter().map(|e| e.card).collect();
        self.pairs(&cards, level)
            .into_iter()
            .zip(entered)
            .filter_map(|((from, to), e)| {
                e.card.map(|card| TributePayment {
                    from,
                    to,
                    card,
                    returned: e.returned,
                    highest_confirmed: e.highest_confirmed,
                })
            })
            .collect()
    }
}

/// One payer's tribute as entered, before it is stored ([`TributeDue::payments`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TributeEntry {
    /// The card given (`None`: not chosen yet).
    pub card: Option<Card>,
    /// The card the receiver gave back (还贡).
    pub returned: Option<Card>,
    /// The referee confirms the card is the payer's highest (heart level card aside).
    pub highest_confirmed: bool,
}

/// The tribute due for the next hand after a hand with finishing order `order`
/// (RULES.md §2 "Tribute"; cited from `preset.cites.tribute`).
///
/// 双下 (winners 1st and 2nd) → double tribute from 3rd and 4th; otherwise a single
/// tribute to 头游 from the payer chosen by [`TributeRules::single_payer`].
pub fn tribute_due(preset: &GuandanPreset, order: &FinishOrder) -> TributeDue {
    let first = order.first();
    let seats = order.seats();
    let cite = &preset.cites.tribute;
    match order.finish() {
        Finish::Double => TributeDue {
            kind: TributeKind::Double,
            payers: vec![seats[2], seats[3]],
            receivers: vec![seats[0], seats[1]],
            lead: LeadRule::LargerTribute { tie: preset.tribute.double_tie_lead, next_of_first: first.next_ccw() },
            lead_if_resisted: first,
            rule: Step::DoubleTribute { payers: [seats[2], seats[3]], first, cite: cite.clone() },
        },
        finish => {
            let payer = match (preset.tribute.single_payer, finish) {
                (SinglePayer::LastOpponent, Finish::OneFour) => seats[2],
                _ => seats[3],
            };
            TributeDue {
                kind: TributeKind::Single,
                payers: vec![payer],
                receivers: vec![first],
                lead: LeadRule::Payer { seat: payer },
                lead_if_resisted: first,
                rule: Step::SingleTribute { finish, payer, first, cite: cite.clone() },
            }
        }
    }
}

/// One tribute card handed over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TributePayment {
    /// Payer.
    pub from: Seat,
    /// Receiver.
    pub to: Seat,
    /// The tribute card.
    pub card: Card,
    /// The card returned (还贡).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned: Option<Card>,
    /// The referee confirms the card is the payer's highest except the heart level card.
    #[serde(default)]
    pub highest_confirmed: bool,
}

/// The tribute as it happened before a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TributeRecord {
    /// 抗贡: no tribute, because the payer(s) hold both big jokers.
    #[serde(default)]
    pub resisted: bool,
    /// The referee confirms the payer(s) hold both big jokers (required for 抗贡).
    #[serde(default)]
    pub big_jokers_confirmed: bool,
    /// The cards paid (empty for 抗贡).
    #[serde(default)]
    pub payments: Vec<TributePayment>,
    /// Who led the hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leads: Option<Seat>,
}

/// A problem with a [`TributeRecord`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum TributeError {
    /// A tribute was recorded before the first hand (nothing is due).
    NoneDue,
    /// 抗贡 recorded without the referee confirming both big jokers.
    ResistWithoutBigJokers,
    /// 抗贡 recorded together with payments.
    ResistWithPayments,
    /// Wrong number of payments for the tribute due.
    WrongCount {
        /// Payments due.
        expected: usize,
        /// Payments recorded.
        got: usize,
    },
    /// A payment from a seat that does not owe tribute (or pays twice).
    WrongPayer {
        /// The seat recorded.
        seat: Seat,
        /// The seats that owe tribute.
        expected: Vec<Seat>,
    },
    /// A payment to a seat that receives nothing (or receives twice).
    WrongReceiver {
        /// The seat recorded.
        seat: Seat,
        /// The seats that receive tribute.
        expected: Vec<Seat>,
    },
    /// Double tribute: the larger card must go to 头游.
    LargerNotToFirst {
        /// 头游.
        first: Seat,
    },
    /// The heart card of the level played (逢人配) is never tribute.
    HeartLevelCard {
        /// The payer.
        from: Seat,
    },
    /// The referee has not confirmed the card is the payer's highest (heart level card aside).
    HighestNotConfirmed {
        /// The payer.
        from: Seat,
    },
    /// No return card recorded.
    MissingReturn {
        /// The receiver who owes the return.
        by: Seat,
    },
    /// A return card above the limit (10).
    ReturnTooHigh {
        /// The receiver.
        by: Seat,
        /// The card returned.
        card: Card,
        /// The highest face value allowed.
        max: Rank,
    },
    /// A joker given back as the return card.
    ReturnIsJoker {
        /// The receiver.
        by: Seat,
    },
    /// The wrong player led.
    WrongLeader {
        /// Who may lead.
        expected: Vec<Seat>,
        /// Who was recorded.
        got: Seat,
    },
}

impl fmt::Display for TributeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TributeError::*;
        match self {
            NoneDue => write!(f, "no tribute is due before the first hand"),
            ResistWithoutBigJokers => {
                write!(f, "抗贡 needs the referee to confirm the payer(s) hold both big jokers")
            }
            ResistWithPayments => write!(f, "抗贡 means no tribute card is paid"),
            WrongCount { expected, got } => {
                write!(f, "expected {expected} tribute card(s), got {got}")
            }
            WrongPayer { seat, expected } => {
                write!(f, "{seat:?} does not owe tribute (payers: {expected:?})")
            }
            WrongReceiver { seat, expected } => {
                write!(f, "{seat:?} does not receive tribute (receivers: {expected:?})")
            }
            LargerNotToFirst { first } => write!(f, "the larger tribute card must go to 头游 {first:?}"),
            HeartLevelCard { from } => {
                write!(f, "{from:?} gave the heart level card (逢人配), which is never tribute")
            }
            HighestNotConfirmed { from } => write!(
                f,
                "referee has not confirmed {from:?}'s tribute is the highest card except the heart level card"
            ),
            MissingReturn { by } => write!(f, "{by:?} has not returned a card"),
            ReturnTooHigh { by, card, max } => {
                write!(f, "{by:?} returned {card}, above the limit {max}")
            }
            ReturnIsJoker { by } => write!(f, "{by:?} returned a joker; the return must be ≤ the limit"),
            WrongLeader { expected, got } => {
                write!(f, "{got:?} led, but the lead belongs to {expected:?}")
            }
        }
    }
}

/// Checks a tribute record against the tribute `due` when `level` is played, and returns
/// the seat(s) who may lead (one seat, or both payers under [`TieLead::PayersChoose`]).
///
/// Errors (all found, not just the first): 抗贡 without the referee's big-joker confirmation;
/// wrong payers/receivers/count; the larger double tribute not going to 头游; a heart level
/// card given; highest card not confirmed; a return missing, a joker or above
/// [`TributeRules::return_max`]; `leads` not one of the seats allowed to lead.
pub fn validate_tribute(
    preset: &GuandanPreset,
    due: &TributeDue,
    level: Rank,
    record: &TributeRecord,
) -> Result<Vec<Seat>, Vec<TributeError>> {
    let mut errors = Vec::new();
    let leaders: Vec<Seat> = if record.resisted {
        if !record.big_jokers_confirmed {
            errors.push(TributeError::ResistWithoutBigJokers);
        }
        if !record.payments.is_empty() {
            errors.push(TributeError::ResistWithPayments);
        }
        vec![due.lead_if_resisted]
    } else {
        let expected = due.payers.len();
        if record.payments.len() != expected {
            errors.push(TributeError::WrongCount { expected, got: record.payments.len() });
        }
        let mut payers_left = due.payers.clone();
        let mut receivers_left = due.receivers.clone();
        for p in &record.payments {
            match payers_left.iter().position(|s| *s == p.from) {
                Some(i) => {
                    payers_left.remove(i);
                }
                None => errors.push(TributeError::WrongPayer { seat: p.from, expected: due.payers.clone() }),
            }
            match receivers_left.iter().position(|s| *s == p.to) {
                Some(i) => {
                    receivers_left.remove(i);
                }
                None => errors.push(TributeError::WrongReceiver { seat: p.to, expected: due.receivers.clone() }),
            }
            if p.card.is_heart_level_card(level) {
                errors.push(TributeError::HeartLevelCard { from: p.from });
            }
            if !p.highest_confirmed {
                errors.push(TributeError::HighestNotConfirmed { from: p.from });
            }
            match p.returned {
                None => errors.push(TributeError::MissingReturn { by: p.to }),
                Some(c) => match (c.rank, preset.tribute.return_max) {
                    (CardRank::BigJoker | CardRank::SmallJoker, _) => {
                        errors.push(TributeError::ReturnIsJoker { by: p.to })
                    }
                    (CardRank::Plain(r), Some(max)) if r > max => {
                        errors.push(TributeError::ReturnTooHigh { by: p.to, card: c, max })
                    }
                    _ => {}
                },
            }
        }
        match due.lead {
            LeadRule::Payer { seat } => vec![seat],
            LeadRule::LargerTribute { tie, next_of_first } => {
                double_tribute_leaders(record, due, level, tie, next_of_first, &mut errors)
            }
        }
    };
    if let Some(got) = record.leads {
        if !leaders.is_empty() && !leaders.contains(&got) {
            errors.push(TributeError::WrongLeader { expected: leaders.clone(), got });
        }
    }
    if errors.is_empty() {
        Ok(leaders)
    } else {
        Err(errors)
    }
}

/// Who leads after a double tribute (and whether the larger card went to 头游).
fn double_tribute_leaders(
    record: &TributeRecord,
    due: &TributeDue,
    level: Rank,
    tie: TieLead,
    next_of_first: Seat,
    errors: &mut Vec<TributeError>,
) -> Vec<Seat> {
    let [p, q] = match record.payments.as_slice() {
        [p, q] => [p, q],
        _ => return Vec::new(),
    };
    let first = due.receivers[0];
    let (pp, qp) = (p.card.power(level), q.card.power(level));
    if pp != qp {
        let (big, small) = if pp > qp { (p, q) } else { (q, p) };
        if big.to != first && small.to == first {
            errors.push(TributeError::LargerNotToFirst { first });
        }
        return vec![big.from];
    }
    match tie {
        TieLead::NextOfFirst => vec![next_of_first],
        TieLead::PayersChoose => vec![p.from, q.from],
        TieLead::SmallerReturnThenNextOfFirst => {
            match (p.returned.map(|c| c.power(level)), q.returned.map(|c| c.power(level))) {
                (Some(a), Some(b)) if a < b => vec![p.from],
                (Some(a), Some(b)) if b < a => vec![q.from],
                _ => vec![next_of_first],
            }
        }
    }
}
