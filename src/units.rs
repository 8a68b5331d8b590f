//! Unit newtypes and the conversion constants, each with its source.
//!
//! The model's arithmetic runs on these types: `Watts / TokensPerSecond` is `JoulesPerToken`, so a
//! unit slip is a type error. The catalogue's records keep plain `f64`s as the JSON has them, each
//! named for its unit (`watts`, `mean_watts`, `tokens_per_s`); `model` wraps them in these types
//! where it reads them, and a figure leaves the core as a `Figure` that carries its `Unit`.

use std::ops::{Div, Mul};

/// Joules in one watt-hour (1 W × 3600 s). SI definition.
pub const JOULES_PER_WATT_HOUR: f64 = 3600.0;
/// BTU_IT per hour in one watt. 1 BTU_IT = 1055.05585262 J (ISO 31-4 / NIST SP 811 app. B),
/// so 1 W = 3600 / 1055.05585262 BTU_IT/h = 3.412141633 BTU/h.
pub const BTU_PER_HOUR_PER_WATT: f64 = 3600.0 / 1_055.055_852_62;
/// Hours in a day: a daily energy figure is a power held for 24 h.
pub const HOURS_PER_DAY: f64 = 24.0;
/// Tokens in "a million tokens".
pub const TOKENS_PER_MILLION: f64 = 1.0e6;
/// Seconds in a day (24 × 3600).
pub const SECONDS_PER_DAY: f64 = 86_400.0;
/// Days in the plan's year: a yearly figure is a daily one held for 365 days.
pub const DAYS_PER_YEAR: f64 = 365.0;
/// Joules in one kilowatt-hour (1000 W × 3600 s). SI definition.
pub const JOULES_PER_KILOWATT_HOUR: f64 = 3.6e6;

macro_rules! quantity {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
        pub struct $name(pub f64);

        impl $name {
            pub fn value(self) -> f64 {
                self.0
            }
        }
    };
}

quantity!(
    /// Electrical power.
    Watts
);
quantity!(
    /// Output tokens generated per second.
    TokensPerSecond
);
quantity!(
    /// Energy per output token.
    JoulesPerToken
);
quantity!(
    /// Energy per million output tokens.
    WattHoursPerMillionTokens
);
quantity!(
    /// Energy over a day.
    KilowattHoursPerDay
);
quantity!(
    /// Heat flow.
    BtuPerHour
);
quantity!(
    /// Electrical power in thousands of watts.
    Kilowatts
);
quantity!(
    /// Energy over a year.
    KilowattHoursPerYear
);
quantity!(
    /// Electric current.
    Amperes
);

impl Div<TokensPerSecond> for Watts {
    type Output = JoulesPerToken;
    /// W ÷ (tokens/s) = J/s ÷ tokens/s = J/token.
    fn div(self, rhs: TokensPerSecond) -> JoulesPerToken {
        JoulesPerToken(self.0 / rhs.0)
    }
}

impl Mul<f64> for Watts {
    type Output = Watts;
    fn mul(self, rhs: f64) -> Watts {
        Watts(self.0 * rhs)
    }
}

impl Mul<f64> for TokensPerSecond {
    type Output = TokensPerSecond;
    fn mul(self, rhs: f64) -> TokensPerSecond {
        TokensPerSecond(self.0 * rhs)
    }
}

impl JoulesPerToken {
    /// J/token × 10⁶ tokens ÷ 3600 J/Wh.
    pub fn per_million_tokens(self) -> WattHoursPerMillionTokens {
        WattHoursPerMillionTokens(self.0 * TOKENS_PER_MILLION / JOULES_PER_WATT_HOUR)
    }
}

impl Watts {
    /// The same power in kW.
    pub fn kilowatts(self) -> Kilowatts {
        Kilowatts(self.0 / 1000.0)
    }

    /// Energy used in 24 h at this power, in kWh.
    pub fn per_day(self) -> KilowattHoursPerDay {
        KilowattHoursPerDay(self.0 * HOURS_PER_DAY / 1000.0)
    }

    /// All electrical power ends as heat: the same flow in BTU_IT per hour.
    pub fn as_heat(self) -> BtuPerHour {
        BtuPerHour(self.0 * BTU_PER_HOUR_PER_WATT)
    }
}

impl KilowattHoursPerDay {
    /// The same daily energy over [`DAYS_PER_YEAR`] days.
    pub fn per_year(self) -> KilowattHoursPerYear {
        KilowattHoursPerYear(self.0 * DAYS_PER_YEAR)
    }
}

impl JoulesPerToken {
    /// kWh per million tokens: J/token × 10⁶ ÷ 3.6 × 10⁶ J/kWh, so J/token ÷ 3.6.
    pub fn kilowatt_hours_per_million(self) -> f64 {
        self.0 * TOKENS_PER_MILLION / JOULES_PER_KILOWATT_HOUR
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn btu_constant_matches_the_published_factor() {
        // DATA.md, Constants: 1 W = 3.412141633 BTU_IT/h.
        assert!((BTU_PER_HOUR_PER_WATT - 3.412141633).abs() < 1e-9);
    }

    #[test]
    fn one_joule_per_token_is_277_78_wh_per_million() {
        let wh = JoulesPerToken(1.0).per_million_tokens().value();
        assert!((wh - 277.777_777_8).abs() < 1e-6);
    }

    #[test]
    fn units_divide_to_joules_per_token() {
        let j = Watts(4800.0) / TokensPerSecond(32004.0);
        assert!((j.value() - 0.149_981_2).abs() < 1e-6);
    }
}

/// The currency of the electricity price (and so of every cost figure).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Currency {
    #[default]
    Eur,
    Usd,
    Gbp,
}

impl Currency {
    pub const ALL: [Currency; 3] = [Currency::Eur, Currency::Usd, Currency::Gbp];

    /// The ISO 4217 code, as the link writes it.
    pub fn id(self) -> &'static str {
        match self {
            Currency::Eur => "EUR",
            Currency::Usd => "USD",
            Currency::Gbp => "GBP",
        }
    }

    pub fn from_id(id: &str) -> Option<Currency> {
        Currency::ALL.into_iter().find(|c| c.id().eq_ignore_ascii_case(id.trim()))
    }
}

/// Single-phase or three-phase supply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Phases {
    #[default]
    One,
    Three,
}

impl Phases {
    pub fn id(self) -> &'static str {
        match self {
            Phases::One => "1",
            Phases::Three => "3",
        }
    }

    pub fn from_id(id: &str) -> Option<Phases> {
        match id.trim() {
            "1" => Some(Phases::One),
            "3" => Some(Phases::Three),
            _ => None,
        }
    }
}

/// A quotient rounded up to a whole number, where a quotient that is whole but for floating-point
/// error counts as whole (8 640 000 ÷ 86 400 is 100, never 101).
pub fn ceil_whole(q: f64) -> f64 {
    snap(q).ceil()
}

/// A quotient rounded down, as [`ceil_whole`] (10 000 ÷ 2 500 is 4, never 3).
pub fn floor_whole(q: f64) -> f64 {
    snap(q).floor()
}

fn snap(q: f64) -> f64 {
    let r = q.round();
    if (q - r).abs() <= 1e-12 * r.abs().max(1.0) {
        r
    } else {
        q
    }
}
