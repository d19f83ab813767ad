//! Who sits at a seat: a person or an agent spec, and the text saves write for it.
use crate::agent::AgentSpec;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Seat {
    Human,
    Ai(AgentSpec),
}

/// A seat as a save file writes it: `human` or an agent spec.
pub fn seat_text(seat: &Seat) -> String {
    match seat {
        Seat::Human => "human".into(),
        Seat::Ai(spec) => spec.to_string(),
    }
}

/// A seat of a save file that is neither a person nor an agent spec.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is neither `human` nor an agent: {error}")]
pub struct SeatError {
    pub text: String,
    pub error: crate::agent::SpecError,
}

/// A seat of a save file.
pub fn parse_seat(text: &str) -> Result<Seat, SeatError> {
    match text.trim() {
        "human" => Ok(Seat::Human),
        t => AgentSpec::parse(t)
            .map(Seat::Ai)
            .map_err(|error| SeatError {
                text: t.to_string(),
                error,
            }),
    }
}
