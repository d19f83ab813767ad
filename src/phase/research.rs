//! Research (O19): an untapped, non-destroyed asset taps to draw (1 + modifiers) cards.
use crate::ids::CardRef;
use crate::rules::{Command, Event, EventSink, RuleError};
use crate::state::{flag, Phase, State, Zone};

pub fn validate(s: &State, asset: CardRef) -> Result<(), RuleError> {
    s.in_phase(Phase::Research, "research")?;
    s.own_ready_asset(asset, "O19").map(|_| ())
}

pub fn apply(s: &mut State, asset: CardRef, ev: &mut impl EventSink) {
    s.inst_mut(asset).set(flag::TAPPED, true);
    ev.push(Event::Researched { asset });
    let p = s.active;
    for _ in 0..s.research_draws(asset) {
        if let Some(card) = s.draw(p) {
            ev.push(Event::CardDrawn { player: p, card });
        }
    }
}

pub fn legal(s: &State, out: &mut Vec<Command>) {
    for (asset, c) in s.zone(s.active, Zone::Asset) {
        if !c.has(flag::TAPPED | flag::DESTROYED) {
            out.push(Command::Research { asset });
        }
    }
}
