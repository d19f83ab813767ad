//! The round (R3, R4, R17, R28, R32–R34): after the rover's action, the pod refills and
//! uploads (a win ends the game at once), an empty battery destroys the rover, hostiles wake,
//! every entity takes its slot by id, factories spawn, and the round ends (the 600th loses).
use super::behaviour;
use super::damage::lose;
use super::data;
use super::event::{Event, EventSink, LossReason};
use super::ids::EntityId;
use super::state::{State, ROUND_LIMIT};
use crate::core::Outcome;

/// Everything after the rover's action, to the start of its next one.
pub(crate) fn after_action(s: &mut State, ev: &mut impl EventSink) {
    if data::at_pod(s, ev) {
        return;
    }
    if s.rover.energy <= 0 {
        s.rover.energy = 0;
        s.rover.destroyed = true;
        ev.push(Event::Destroyed {
            target: super::event::Actor::Rover,
        });
        lose(s, LossReason::NoEnergy, ev);
        return;
    }
    // Effects on the rover applied to the action just taken (R33).
    s.rover.stalled = false;
    s.rover.shorted = false;
    behaviour::wake(s, ev);
    let n = s.entities.len();
    for i in 0..n {
        behaviour::take_slot(s, EntityId::from_index(i), ev);
        if s.outcome != Outcome::Ongoing {
            return;
        }
    }
    behaviour::spawn(s, ev);
    ev.push(Event::RoundEnded { round: s.round });
    if s.round >= ROUND_LIMIT {
        lose(s, LossReason::OutOfRounds, ev);
    } else {
        s.round += 1;
    }
}
