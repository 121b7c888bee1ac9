//! Parts every match page shows, one concept a file: its heading ([`match_title`]), the
//! undo/export/share bar ([`MatchActions`], with 二维码传送: [`QrSend`]), a history row's edit/delete and times ([`row_actions`], [`entry_times`]), a 升级 hand's
//! points and kitty ([`PointsAndKitty`]), the commit button and its error ([`CommitBar`]), the head of a result sheet
//! ([`sheet_teams`]),
//! the result sheet's picture and print ([`ShareBar`], [`PrintSheet`]),
//! a 升级 hand's penalties ([`PenaltyEditor`]), and the names of a set-up form ([`TitleInput`], [`TeamInputs`], [`SeatInputs`]), its preset picker
//! ([`PresetSelect`]) and its preset editor ([`PresetJson`]); and a check box as a row ([`CheckRow`], a form's inline [`Toggle`]).

mod actions;
mod check;
mod commit;
mod history;
mod names;
mod penalties;
mod points;
mod preset_json;
mod preset_select;
mod qr;
mod share;
mod sheet;

pub use actions::{match_title, MatchActions};
pub use check::{CheckRow, Toggle};
pub use commit::{entry_label, tell_when_closed_elsewhere, BarLine, CommitBar, EntryNamer, FieldRefusals};
pub use history::{entry_times, row_actions};
pub use names::{SeatInputs, TeamInputs, TitleInput};
pub use penalties::{penalty_name, PenaltyEditor};
pub use points::PointsAndKitty;
pub use preset_json::PresetJson;
pub use preset_select::PresetSelect;
pub use qr::QrSend;
pub use share::{deliver_png, PrintSheet, ShareBar};
pub use sheet::sheet_teams;
