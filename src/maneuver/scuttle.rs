//! Scuttle (O12): free; the ship is destroyed and becomes debris (O17).
use crate::ids::CardRef;
use crate::rules::{Command, Event, EventSink, RuleError};
use crate::state::{Phase, State};

pub fn validate(s: &State, ship: CardRef) -> Result<(), RuleError> {
    s.in_phase(Phase::Maneuvers, "scuttle")?;
    s.own_ship(ship).map(|_| ())
}

pub fn apply(s: &mut State, ship: CardRef, ev: &mut impl EventSink) {
    ev.push(Event::Scuttled { ship });
    s.destroy_ship(ship, ev);
}

pub fn legal(_s: &State, ship: CardRef, out: &mut Vec<Command>) {
    out.push(Command::Scuttle { ship });
}
