//! Parts every match page shows, one concept a file: the undo/export/share bar
//! ([`MatchActions`]), a history row's edit/delete ([`row_actions`]), a 升级 hand's
//! points and kitty ([`PointsAndKitty`]), the commit button and its error ([`CommitBar`]),
//! a 升级 hand's penalties ([`PenaltyEditor`]), and the names of a set-up form ([`TitleInput`], [`TeamInputs`], [`SeatInputs`]).

mod actions;
mod commit;
mod history;
mod names;
mod penalties;
mod points;

pub use actions::MatchActions;
pub use commit::CommitBar;
pub use history::row_actions;
pub use names::{SeatInputs, TeamInputs, TitleInput};
pub use penalties::{penalty_name, PenaltyEditor};
pub use points::PointsAndKitty;
