//! The one trait every game implements ([`Game`], once per game in
//! `record/games/<game>.rs`) and the one registry of games ([`GameId`] and [`by_game!`]).
//!
//! The stored enums [`Setup`](super::Setup), [`HandInput`](super::HandInput) and
//! [`MatchView`](super::replay::MatchView) keep one variant per game (their serde form is the
//! stored schema); each of their methods delegates through [`by_game!`], the only `match`
//! that names every game. A game missing from it, or from [`GameId`], is a
//! non-exhaustive-match error at each place that needs it.

use super::schema::ImportError;
use super::{Match, Setup};
use crate::rules::shengji::InputError;
use crate::tournament::outcome::Outcome;
use crate::tournament::tables::{Leg, LegError};

/// What every layer asks of a game. Implemented once per game by a unit type
/// (`games::shengji::Shengji` …); all functions are associated (no `self`).
///
/// Contract: [`Game::replay`] is pure and total — any log replays, and a hand that cannot
/// count is reported by [`Game::first_error`] rather than panicking; [`Game::check_input`]
/// only looks at the input and the log (the replay decides whether it counts).
pub trait Game {
    /// This game's id in the registry (its stored name).
    const ID: GameId;
    /// Whether the game's entries stand on their own (双升 records each board of each table
    /// by itself); otherwise each hand follows the one before it ([`super::Entry::after`]).
    const INDEPENDENT_ENTRIES: bool = false;
    /// Whether referee rulings ([`super::Op::Ruling`]) are recorded in this game.
    const RULINGS: bool = false;
    /// Whether a match is a session of several players ranked by totals (斗地主, 三打一:
    /// played in groups) rather than two sides.
    const SESSION: bool = false;
    /// Whether a match that ends level is decided by a play-off rather than drawn: 双升
    /// (RULES.md §1.3: equal totals and boards won → play-off) and the sessions (§3: a tie
    /// → play-off hands; 三打一's sessions are run alike); other games' level results are
    /// draws.
    const TIE_PLAYED_OFF: bool = Self::SESSION;
    /// Whether the game counts 双上 wins (掼蛋: both partners out first, 000 §四 — the
    /// standings' 双上 column and tie-break); other games have no such quantity.
    const DOUBLE_WINS: bool = false;
    /// Whether the log's hand entries are hands dealt one after another, named by their
    /// number (`#12`) in an error; a 双升 board entry or a 五子棋 stone is named by its place in
    /// the log instead.
    const NUMBERED_HANDS: bool = true;
    /// The string-table keys of the word a count of hands reads in (one hand, several), as
    /// the game's page counts them: 副 (`home.hand`, `home.hands`); 斗地主 and 三打一 count
    /// deals in 局 (`home.deal`, `home.deals`: 本局, 录入本局).
    const HAND_WORDS: [&'static str; 2] = ["home.hand", "home.hands"];
    /// How many pairs of each team one match seats: 1, or 2 where a team plays both its
    /// pairs in one match (双升 队式, RULES.md §1.3: N/S at one table, E/W at the other). A team
    /// entered in a competition needs two players per pair ([`crate::tournament::Competition::team_players`]).
    const TEAM_PAIRS: u32 = 1;
    /// Whether a match seats each side as a pair of named players, one at N/S and one at E/W
    /// (升级, 双升, 掼蛋; RULES.md §6 seats); a 五子棋 side or a session's seat is one player.
    /// A pair entered in a competition of such a game needs its two players
    /// ([`crate::tournament::Competition::pair_players`]).
    const PAIR_SIDES: bool = false;
    /// Everything fixed at set-up (the payload of its [`super::Setup`] variant).
    type Setup;
    /// One hand's input (the payload of its [`super::HandInput`] variant).
    type Input;
    /// Everything derived from the log (the payload of its [`super::replay::MatchView`] variant).
    type View;

    /// Checks a set-up beyond its serde shape; errors name the field inside the set-up.
    fn validate_setup(s: &Self::Setup) -> Result<(), ImportError>;
    /// Checks an input before it is logged in `m`; errors name the field inside the input.
    fn check_input(m: &Match, s: &Self::Setup, h: &Self::Input) -> Result<(), ImportError>;
    /// Replays the whole log.
    fn replay(m: &Match, s: &Self::Setup) -> Self::View;
    /// The first hand that cannot count, if any: (entry id, error).
    fn first_error(v: &Self::View) -> Option<(String, InputError)>;
    /// Entries other than hands that do not count (a next round at the wrong moment):
    /// (entry id, error), in log order.
    fn refused(_v: &Self::View) -> Vec<(String, InputError)> {
        Vec::new()
    }
    /// What the match says for the standings.
    fn outcome(v: &Self::View) -> Outcome;
    /// Each team's level now, in a game played up through levels (升级, 掼蛋: the game or
    /// round in progress, else the last); `None` where levels are fixed or absent (双升's
    /// boards, a session's points, 五子棋). A ruling's preview compares it before and after.
    fn levels(_v: &Self::View) -> Option<std::collections::BTreeMap<crate::rules::Team, crate::rules::Rank>> {
        None
    }
    /// The preset's rules for warnings and lateness ([`crate::rules::ruling::RulingRules`],
    /// RULES.md §0 **[r2]**): what the ruling panel offers and what the Nth warning becomes;
    /// none in a game whose presets have none.
    fn ruling_rules(_s: &Self::Setup) -> crate::rules::ruling::RulingRules {
        Default::default()
    }
    /// The preset rules a ruling can be recorded under, as the ruling panel offers them
    /// ([`crate::rules::ruling::RuleChoice`], RULES.md §0 **[r2]**): the warning ladders' by
    /// default.
    fn rule_choices(s: &Self::Setup) -> Vec<crate::rules::ruling::RuleChoice> {
        Self::ruling_rules(s).choices()
    }
    /// What each ruling that counted amounted to (a warning's number under its rule and its
    /// effect, [`crate::rules::ruling::Counted`]), by ruling entry id, in log order; empty in
    /// a game that does not count them through a preset's rules.
    fn counted(_v: &Self::View) -> Vec<(String, crate::rules::ruling::Counted)> {
        Vec::new()
    }
    /// The entrants' names as one line: two sides `A vs B`, a session's players `a / b / c`;
    /// each name as `name` gives it (as entered for file names and titles, isolated for
    /// display).
    fn participants(s: &Self::Setup, name: &dyn Fn(&str) -> String) -> String;
    /// In a game whose rulings name a player instead of a team (a session of players), how
    /// many players there are; `None` in games of teams.
    fn ruling_players(_s: &Self::Setup) -> Option<usize> {
        None
    }
    /// Checks where a ruling applies ([`super::Op::Ruling`]'s `board`): a game of boards (双升)
    /// needs a board of its list and a table; by default a ruling names no board.
    fn check_ruling_board(_s: &Self::Setup, board: Option<super::BoardAt>) -> Result<(), ImportError> {
        match board {
            Some(_) => Err(ImportError {
                field: "op.board".into(),
                reason: "a ruling names a board only in a 双升 match".into(),
                msg: None,
            }),
            None => Ok(()),
        }
    }

    /// The names a message of this match reads ([`crate::rules::Arg::Team`],
    /// [`crate::rules::Arg::Player`]): team names by team, player names by index; empty
    /// where the game has none.
    fn names(_s: &Self::Setup) -> (std::collections::BTreeMap<crate::rules::Team, String>, Vec<String>) {
        Default::default()
    }
    /// How a message of this match in language `l` names side `t` when [`Game::names`] gives
    /// it no name: the side's seats, 南北 / 东西, by default; a game of two players names the
    /// player (五子棋: 棋手一 / 棋手二, as its set-up form does).
    fn unnamed_side(_s: &Self::Setup, l: crate::i18n::Lang, t: crate::rules::Team) -> String {
        crate::i18n::team_side(l, t).to_string()
    }
    /// The game's part of its result sheet ([`super::share_doc::SheetBody`]): the columns
    /// the game records, a row a hand of view `v` in language `l`, the result lines, and how
    /// many rows a blank recording sheet leaves for a game's worth of hands.
    fn sheet_body(m: &Match, s: &Self::Setup, v: &Self::View, l: crate::i18n::Lang) -> super::share_doc::SheetBody;
    /// The set-up of a tournament leg's match from the competition's built-in preset.
    fn leg_setup(leg: &Leg) -> Result<Self::Setup, LegError>;
    /// The ids of the built-in presets a competition of this game may use.
    fn preset_ids() -> Vec<String>;
    /// A built-in preset's own (Chinese) name, when the game's presets carry one.
    fn preset_name(_id: &str) -> Option<String> {
        None
    }
    /// The preset of set-up `s` as JSON text, as stored in the set-up's `preset` field (the
    /// 规则 tab reads its rows from it); `None` if it does not serialize.
    fn preset_json(s: &Self::Setup) -> Option<String>;
}

/// [`Game::participants`] of a game of two teams: their names in team order, `A vs B`
/// (an empty name where a team has none).
pub fn two_teams(
    teams: &std::collections::BTreeMap<crate::rules::Team, String>,
    name: &dyn Fn(&str) -> String,
) -> String {
    let mut names = teams.values();
    let a = names.next().map(|n| name(n)).unwrap_or_default();
    let b = names.next().map(|n| name(n)).unwrap_or_default();
    format!("{a} vs {b}")
}

/// The games, as stored (`setup.game`, `competition.game`). The registry: each game's id
/// string appears here only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameId {
    /// 升级 (RULES.md §1).
    Shengji,
    /// 双升 duplicate team match (RULES.md §1.3).
    Duplicate,
    /// 掼蛋 (RULES.md §2).
    Guandan,
    /// 斗地主 (RULES.md §3).
    Doudizhu,
    /// 欢乐三打一 (RULES.md §4).
    Sandayi,
    /// 五子棋 (RULES.md §5).
    Renju,
}

impl GameId {
    /// Every game, in the order the new-match form offers them.
    pub const ALL: [GameId; 6] =
        [GameId::Shengji, GameId::Duplicate, GameId::Guandan, GameId::Doudizhu, GameId::Sandayi, GameId::Renju];

    /// The stored id (`shengji`, `duplicate`, `guandan`, `doudizhu`, `sandayi`, `renju`).
    pub fn as_str(self) -> &'static str {
        match self {
            GameId::Shengji => "shengji",
            GameId::Duplicate => "duplicate",
            GameId::Guandan => "guandan",
            GameId::Doudizhu => "doudizhu",
            GameId::Sandayi => "sandayi",
            GameId::Renju => "renju",
        }
    }

    /// The game of a stored id; `None` for an unknown one.
    pub fn parse(id: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.as_str() == id)
    }

    /// [`Game::SESSION`] of this game.
    pub fn session(self) -> bool {
        crate::record::game::by_game!(self; GameId => G: G::SESSION)
    }

    /// [`Game::DOUBLE_WINS`] of this game.
    pub fn double_wins(self) -> bool {
        crate::record::game::by_game!(self; GameId => G: G::DOUBLE_WINS)
    }

    /// [`Game::TEAM_PAIRS`] of this game.
    pub fn team_pairs(self) -> u32 {
        crate::record::game::by_game!(self; GameId => G: G::TEAM_PAIRS)
    }

    /// [`Game::PAIR_SIDES`] of this game.
    pub fn pair_sides(self) -> bool {
        crate::record::game::by_game!(self; GameId => G: G::PAIR_SIDES)
    }

    /// [`Game::NUMBERED_HANDS`] of this game.
    pub fn numbered_hands(self) -> bool {
        crate::record::game::by_game!(self; GameId => G: G::NUMBERED_HANDS)
    }

    /// The string-table key of the word `n` hands of this game read in ([`Game::HAND_WORDS`]).
    pub fn hands_word(self, n: usize) -> &'static str {
        let [one, many] = crate::record::game::by_game!(self; GameId => G: G::HAND_WORDS);
        if n == 1 {
            one
        } else {
            many
        }
    }

    /// [`Game::preset_ids`] of this game.
    pub fn preset_ids(self) -> Vec<String> {
        crate::record::game::by_game!(self; GameId => G: G::preset_ids())
    }

    /// [`Game::preset_name`] of this game.
    pub fn preset_name(self, id: &str) -> Option<String> {
        crate::record::game::by_game!(self; GameId => G: G::preset_name(id))
    }

    /// [`Game::leg_setup`] of this game, as a stored set-up.
    pub fn leg_setup(self, leg: &Leg) -> Result<super::Setup, LegError> {
        Ok(crate::record::game::by_game!(self; GameId => G: into Setup(G::leg_setup(leg)?)))
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The one dispatch on the games: runs `body` with `G` the game's [`Game`] impl.
///
/// - `by_game!(id; GameId => G: body)` on a [`GameId`];
/// - `by_game!(value; Setup(s) => G: body)` on any of the per-game enums (`Setup`,
///   `HandInput`, `MatchView`, in scope under that name), `s` bound to the payload;
/// - `by_game!((a, b); HandInput(h), Setup(s) => G: body; else other)` on several at once,
///   all of one game, `other` when they are not;
/// - `... => G: into Setup(body)` wraps `body` in that enum's variant of the game.
macro_rules! by_game {
    (@id $id:expr; $G:ident; $w1:path, $w2:path, $w3:path, $w4:path, $w5:path, $w6:path; $body:expr) => {
        match $id {
            $crate::record::game::GameId::Shengji => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::shengji::Shengji;
                $w1($body)
            }
            $crate::record::game::GameId::Duplicate => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::duplicate::Duplicate;
                $w2($body)
            }
            $crate::record::game::GameId::Guandan => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::guandan::Guandan;
                $w3($body)
            }
            $crate::record::game::GameId::Doudizhu => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::doudizhu::Doudizhu;
                $w4($body)
            }
            $crate::record::game::GameId::Sandayi => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::sandayi::Sandayi;
                $w5($body)
            }
            $crate::record::game::GameId::Renju => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::renju::Renju;
                $w6($body)
            }
        }
    };
    (@enum $v:expr; $($E:ident($x:pat)),+; $G:ident; $w1:path, $w2:path, $w3:path, $w4:path, $w5:path,
        $w6:path; $body:expr; $($other:expr)?) => {
        match $v {
            #[allow(unused_parens)]
            ($($E::Shengji($x)),+) => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::shengji::Shengji;
                $w1($body)
            }
            #[allow(unused_parens)]
            ($($E::Duplicate($x)),+) => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::duplicate::Duplicate;
                $w2($body)
            }
            #[allow(unused_parens)]
            ($($E::Guandan($x)),+) => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::guandan::Guandan;
                $w3($body)
            }
            #[allow(unused_parens)]
            ($($E::Doudizhu($x)),+) => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::doudizhu::Doudizhu;
                $w4($body)
            }
            #[allow(unused_parens)]
            ($($E::Sandayi($x)),+) => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::sandayi::Sandayi;
                $w5($body)
            }
            #[allow(unused_parens)]
            ($($E::Renju($x)),+) => {
                #[allow(unused_imports)]
                use $crate::record::game::Game as _;
                type $G = $crate::record::games::renju::Renju;
                $w6($body)
            }
            $(
                #[allow(unreachable_patterns)]
                _ => $other,
            )?
        }
    };
    ($id:expr; GameId => $G:ident: into $W:ident($body:expr)) => {
        $crate::record::game::by_game!(@id $id; $G; $W::Shengji, $W::Duplicate, $W::Guandan, $W::Doudizhu,
            $W::Sandayi, $W::Renju; $body)
    };
    ($id:expr; GameId => $G:ident: $body:expr) => {
        $crate::record::game::by_game!(@id $id; $G; ::std::convert::identity, ::std::convert::identity,
            ::std::convert::identity, ::std::convert::identity, ::std::convert::identity,
            ::std::convert::identity; $body)
    };
    ($v:expr; $($E:ident($x:pat)),+ => $G:ident: into $W:ident($body:expr)) => {
        $crate::record::game::by_game!(@enum $v; $($E($x)),+; $G; $W::Shengji, $W::Duplicate, $W::Guandan,
            $W::Doudizhu, $W::Sandayi, $W::Renju; $body;)
    };
    ($v:expr; $($E:ident($x:pat)),+ => $G:ident: $body:expr $(; else $other:expr)?) => {
        $crate::record::game::by_game!(@enum $v; $($E($x)),+; $G; ::std::convert::identity,
            ::std::convert::identity, ::std::convert::identity, ::std::convert::identity,
            ::std::convert::identity, ::std::convert::identity; $body; $($other)?)
    };
}

pub(crate) use by_game;
