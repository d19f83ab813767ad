//! The card game on the kit: [`Ruleset`] for the engine's [`State`], with the scenario file's
//! card handles as the notation's labels. The agents' [`crate::agent::game::Game`] impl is in
//! [`crate::agent::orbitals_game`] (with the O26 determinization).
use super::notation::{format_command, format_event, parse_command};
use super::{Handles, Position, ScenarioFile};
use crate::agent::eval::OrbitalsHeuristic;
use crate::core::ruleset::InvariantBroken;
use crate::core::{Outcome, RuleViolation, Ruleset, SourceFile};
use crate::rules::{Command, Event, RuleError};
use crate::state::{self, State};

/// The `game:` key and `--game` name.
pub const NAME: &str = "orbitals";

impl RuleViolation for RuleError {
    fn rule(&self) -> &'static str {
        RuleError::rule(self)
    }
}

/// The kit's outcome of a card-game outcome.
pub fn kit_outcome(o: state::Outcome) -> Outcome {
    match o {
        state::Outcome::Ongoing => Outcome::Ongoing,
        state::Outcome::Winner(p) => Outcome::Winner(p.index()),
        state::Outcome::Draw => Outcome::Draw,
    }
}

impl Ruleset for State {
    const NAME: &'static str = NAME;
    type Event = Event;
    type Error = RuleError;
    type Scenario = ScenarioFile;
    type Labels = Handles;
    type Heuristic = OrbitalsHeuristic;
    /// The card game's own `hard` (see [`crate::core::preset::PRESETS`]).
    const PRESETS: &'static [crate::core::preset::Preset] = &crate::core::preset::PRESETS;

    fn from_scenario(
        file: &ScenarioFile,
        source: &SourceFile,
        events: &mut Vec<Event>,
    ) -> Result<(State, Handles), Vec<String>> {
        file.to_state(source, events)
    }
    crate::ruleset_rules_from!(crate::rules);
    fn outcome(&self) -> Outcome {
        kit_outcome(self.outcome)
    }
    /// The seat the seeded draw (O3) picked.
    fn first_seat(&self) -> usize {
        self.first_player.index()
    }
    fn parse_command(
        &self,
        labels: &Handles,
        text: &str,
    ) -> Result<Command, crate::core::NotationError> {
        parse_command(text, labels)
    }
    fn format_command(&self, labels: &Handles, command: &Command) -> String {
        format_command(command, labels)
    }
    fn format_event(&self, labels: &Handles, event: &Event) -> String {
        format_event(event, labels)
    }
    fn describe_error(&self, labels: &Handles, error: &RuleError) -> String {
        super::notation::describe_error(self, labels, error)
    }
    fn unused_forced_dice(&self) -> usize {
        self.forced_dice.len()
    }
    fn view(&self, labels: &Handles) -> serde_yaml::Value {
        serde_yaml::to_value(Position::from_state(self, labels)).unwrap_or(serde_yaml::Value::Null)
    }
    fn check_invariants(&self) -> Result<(), InvariantBroken> {
        match self.invariant_violations().into_iter().next() {
            Some(v) => Err(v.into()),
            None => Ok(()),
        }
    }
}
