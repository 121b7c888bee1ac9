//! The 三打一 preset as a session game's preset, and the set-up form.

use super::*;
use crate::rules::sandayi::{Reading, SessionRules};

impl GamePreset for Preset {
    const PREFIX: &'static str = "sdy";
    fn builtins() -> Vec<Self> {
        builtin_presets()
    }
    preset_fields!();
    fn summary(&self, l: Lang) -> Vec<String> {
        let bids = self.bid_values.iter().map(u8::to_string).collect::<Vec<_>>().join("/");
        let lim = |s: BidStanding| format!("{} {}", standing_text(l, s), limit_text(l, bomb_limit(self, s)));
        let mut limits = vec![lim(BidStanding::Landlord), lim(BidStanding::NotReached), lim(BidStanding::Passed)];
        limits.extend(
            self.bid_values
                .iter()
                .filter(|&&v| v != *self.bid_values.last().unwrap_or(&0))
                .map(|&v| lim(BidStanding::Bid(v))),
        );
        vec![
            format!(
                "{}: {bids} · {} {} · {}",
                tr(l, "sdy.s_bids"),
                tr(l, "ddz.f_stake"),
                self.stake,
                tr(l, "sdy.s_void")
            ),
            format!(
                "{}: {} ×{}, {} ×{}{}, {} ×{}",
                tr(l, "ddz.f_mult"),
                tr(l, "sdy.fk.huangfan"),
                self.huangfan_factor,
                tr(l, "sdy.fk.tanda"),
                self.tanda_factor,
                if self.tanda_needs_toulia { format!(" ({})", tr(l, "sdy.tanda_after_toulia")) } else { String::new() },
                tr(l, "sdy.fk.mingwang"),
                self.mingwang_factor
            ),
            tr(l, "sdy.s_toulia")
                .replace("{bid}", &self.toulia_bid.to_string())
                .replace("{win}", &self.toulia_win_units.to_string())
                .replace("{loss}", &self.toulia_loss_units.to_string()),
            format!("{}: {}", tr(l, "sdy.s_limits"), limits.join("; ")),
            tr(l, "sdy.s_score").replace("{k}", &self.landlord_share.to_string()),
        ]
    }
    fn setup(self, players: Vec<String>) -> Setup {
        Setup::Sandayi(SandayiSetup { preset: self, players })
    }
}

/// The 三打一 set-up form.
#[component]
pub fn NewForm() -> impl IntoView {
    session_form::<Preset>()
}
