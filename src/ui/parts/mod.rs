//! Parts every match page shows, one concept a file: the undo/export/share bar
//! ([`MatchActions`]), a history row's edit/delete ([`row_actions`]), a 升级 hand's
//! points and kitty ([`PointsAndKitty`]).

mod actions;
mod history;
mod points;

pub use actions::MatchActions;
pub use history::row_actions;
pub use points::PointsAndKitty;
