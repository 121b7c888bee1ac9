//! Small shapes shared by the 掼蛋 rules: one value per team ([`PerTeam`]), the finish of
//! a hand ([`Finish`]: 双下 / 一三游 / 一四游) and a value per finish ([`ByFinish`]).

use super::*;

/// One value per team, serialized as `{"A": …, "B": …}` (team `A` = N/S, `B` = E/W).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerTeam<T> {
    /// Team A (南北).
    #[serde(rename = "A")]
    pub a: T,
    /// Team B (东西).
    #[serde(rename = "B")]
    pub b: T,
}

impl<T> PerTeam<T> {
    /// Builds from team A's and team B's value.
    pub fn new(a: T, b: T) -> Self {
        PerTeam { a, b }
    }
    /// The value of `team`.
    pub fn get(&self, team: Team) -> &T {
        match team {
            Team::A => &self.a,
            Team::B => &self.b,
        }
    }
    /// The value of `team`, mutably.
    pub fn get_mut(&mut self, team: Team) -> &mut T {
        match team {
            Team::A => &mut self.a,
            Team::B => &mut self.b,
        }
    }
}

impl<T> std::ops::Index<Team> for PerTeam<T> {
    type Output = T;
    fn index(&self, team: Team) -> &T {
        self.get(team)
    }
}

impl<T> std::ops::IndexMut<Team> for PerTeam<T> {
    fn index_mut(&mut self, team: Team) -> &mut T {
        self.get_mut(team)
    }
}

/// How the hand ended for the winners, by the place of 头游's partner (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    /// Partner 2nd: the opponents are the last two (双下 for them, 双上 for the winners).
    Double,
    /// Partner 3rd (一三游).
    OneThree,
    /// Partner 4th, i.e. last (一四游).
    OneFour,
}

impl Finish {
    /// From the partner's 1-based place (2, 3 or 4).
    pub fn from_partner_place(place: u8) -> Finish {
        match place {
            2 => Finish::Double,
            3 => Finish::OneThree,
            _ => Finish::OneFour,
        }
    }
    /// The partner's 1-based place (2, 3 or 4).
    pub fn partner_place(self) -> u8 {
        match self {
            Finish::Double => 2,
            Finish::OneThree => 3,
            Finish::OneFour => 4,
        }
    }
    /// The string-table key of the name the level rules use (004 第一篇 §五): 双下 / 一三游
    /// / 一四游.
    pub fn key(self) -> &'static str {
        match self {
            Finish::Double => "gd.finish.double",
            Finish::OneThree => "gd.finish.one_three",
            Finish::OneFour => "gd.finish.one_four",
        }
    }
}

/// A value per [`Finish`], serialized as `{"double": …, "one_three": …, "one_four": …}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByFinish<T> {
    /// Partner 2nd (双下 / 双上).
    pub double: T,
    /// Partner 3rd (一三游).
    pub one_three: T,
    /// Partner 4th (一四游).
    pub one_four: T,
}

impl<T: Copy> ByFinish<T> {
    /// The value for `finish`.
    pub fn get(&self, finish: Finish) -> T {
        match finish {
            Finish::Double => self.double,
            Finish::OneThree => self.one_three,
            Finish::OneFour => self.one_four,
        }
    }
}
