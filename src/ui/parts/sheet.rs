//! The head of a two-team result sheet: the teams' names and their players by seat.

use crate::i18n::Lang;
use crate::rules::{Seat, Team};
use crate::ui::t;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// The sheet's first two rows: the teams' `names` (A, B) over their columns, then each
/// team's players (N and S for A, E and W for B) with their seats, in language `l`.
pub fn sheet_teams(names: [String; 2], players: &BTreeMap<Seat, String>, l: Lang) -> impl IntoView {
    let cell = |team: Team| {
        let seats = match team {
            Team::A => [Seat::N, Seat::S],
            Team::B => [Seat::E, Seat::W],
        };
        seats
            .iter()
            .map(|s| {
                format!(
                    "{} {}",
                    crate::i18n::seat_name(l, *s),
                    players.get(s).map(|p| crate::bidi::isolated(p)).unwrap_or_default()
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let [a, b] = names;
    view! {
        <tr>
            <th></th>
            <th>{a}</th>
            <th>{b}</th>
        </tr>
        <tr>
            <td>{t("sheet.players")}</td>
            <td>{cell(Team::A)}</td>
            <td>{cell(Team::B)}</td>
        </tr>
    }
}
