//! One game being played through its encoding, with the game's type erased so that one
//! Python class serves every game: [`AnyGame`] over [`Live`].
use orbitals::agent::Agent;
use orbitals::kit::encode::{legal_mask_indexed, Encoding, Mask, ObsMemo, Shape};
use orbitals::kit::Outcome;

/// A game in progress, whatever the game.
pub trait AnyGame: Send {
    fn shape(&self) -> Shape;
    fn num_players(&self) -> usize;
    fn current_player(&self) -> usize;
    fn outcome(&self) -> Outcome;
    fn observe(&self, seat: usize, out: &mut [f32]);
    /// [`Encoding::observe_update`]: `out` holds what `memo` describes.
    fn observe_update(&self, seat: usize, out: &mut [f32], memo: &mut ObsMemo);
    /// The mask of the seat to move; the number of legal actions.
    fn mask(&mut self, out: &mut Mask) -> Result<usize, String>;
    /// The legal actions of the seat to move, in index order.
    fn legal_actions(&mut self) -> Result<Vec<usize>, String> {
        let mut bytes = vec![0u8; self.shape().actions];
        self.mask(&mut Mask::bytes(&mut bytes))?;
        Ok((0..bytes.len()).filter(|&i| bytes[i] == 1).collect())
    }
    /// Is action `index` legal for the seat to move? `Err` says why not.
    fn check(&mut self, index: usize) -> Result<(), String>;
    /// Plays action `index` for the seat to move; an index that names no legal command is an
    /// error saying what was expected.
    fn play(&mut self, index: usize) -> Result<(), String>;
    /// Plays action `index`, which [`AnyGame::check`] accepted in this very position (so it
    /// is not validated again); `Err` only if it names no command at all.
    fn play_checked(&mut self, index: usize) -> Result<(), String>;
    /// The seat to move plays its built-in agent's choice; `false` when it has none.
    fn play_agent(&mut self) -> Result<bool, String>;
    /// Gives the seats built-in agents (`None`: the seat is played from outside).
    fn set_agents(&mut self, agents: Vec<Option<orbitals::agent::AgentSpec>>, seed: u64);
    /// The command at `index` in the game's notation, if the index names one now.
    fn command_text(&self, index: usize) -> Option<String>;
    /// The position as YAML (the game's printed view).
    fn view(&self) -> String;
}

/// A game of ruleset `R` in progress.
pub struct Live<R: Encoding> {
    pub state: R,
    pub labels: R::Labels,
    legal: Vec<R::Move>,
    /// The action index of each command of `legal`.
    indices: Vec<usize>,
    /// Do `legal` and `indices` hold the current position's action commands (the mask was
    /// written, and nothing has moved since)?
    listed: bool,
    agents: Vec<Option<Box<dyn Agent<R>>>>,
    /// The last action [`AnyGame::check`] accepted and its command, until the state moves.
    accepted: Option<(usize, R::Move)>,
}

impl<R: Encoding> Live<R> {
    pub fn new(state: R, labels: R::Labels) -> Live<R> {
        Live {
            state,
            labels,
            legal: Vec::new(),
            indices: Vec::new(),
            listed: false,
            agents: Vec::new(),
            accepted: None,
        }
    }
}

impl<R: Encoding> Live<R> {
    /// The command of legal action `index`; `Err` says why it is not one.
    fn checked(&mut self, index: usize) -> Result<R::Move, String> {
        if self.state.outcome().is_over() {
            return Err(format!("action {index}: the game is over"));
        }
        let Some(command) = self.state.command_at(index) else {
            let actions = self.state.shape().actions;
            if index >= actions {
                return Err(format!(
                    "action {index} out of range: expected 0 to {}",
                    actions - 1
                ));
            }
            return Err(format!(
                "action {index} names no command in this position (check the action mask)"
            ));
        };
        if let Err(e) = self.state.validate(&command) {
            return Err(format!(
                "action {index} ({}) is illegal: {} [{}] (check the action mask)",
                self.state.format_command(&self.labels, &command),
                self.state.describe_error(&self.labels, &e),
                orbitals::kit::RuleViolation::rule(&e),
            ));
        }
        if !R::EVERY_LEGAL_COMMAND {
            self.listed = false;
            self.state.action_commands_into(&mut self.legal);
            if !self.legal.contains(&command) {
                return Err(format!(
                    "action {index} ({}) is legal but not one of the action space's choices here (check the action mask)",
                    self.state.format_command(&self.labels, &command),
                ));
            }
        }
        Ok(command)
    }
}

impl<R: Encoding> AnyGame for Live<R> {
    fn shape(&self) -> Shape {
        self.state.shape()
    }
    fn num_players(&self) -> usize {
        self.state.num_players()
    }
    fn current_player(&self) -> usize {
        self.state.current_player()
    }
    fn outcome(&self) -> Outcome {
        self.state.outcome()
    }
    fn observe(&self, seat: usize, out: &mut [f32]) {
        self.state.observe(seat, out)
    }
    fn observe_update(&self, seat: usize, out: &mut [f32], memo: &mut ObsMemo) {
        self.state.observe_update(seat, out, memo)
    }
    fn mask(&mut self, out: &mut Mask) -> Result<usize, String> {
        self.listed = false;
        let n = legal_mask_indexed(&self.state, &mut self.legal, &mut self.indices, out)
            .map_err(|e| e.to_string())?;
        self.listed = true;
        Ok(n)
    }
    fn check(&mut self, index: usize) -> Result<(), String> {
        self.accepted = None;
        // The mask's commands are the legal actions: one listed is accepted at once.
        let listed = self
            .listed
            .then(|| self.indices.iter().position(|&i| i == index))
            .flatten();
        let command = match listed {
            Some(k) => self.legal[k],
            None => self.checked(index)?,
        };
        self.accepted = Some((index, command));
        Ok(())
    }
    fn play(&mut self, index: usize) -> Result<(), String> {
        let command = self.checked(index)?;
        self.accepted = None;
        self.listed = false;
        self.state.apply_into(command, &mut ());
        Ok(())
    }
    fn play_checked(&mut self, index: usize) -> Result<(), String> {
        let command = match self.accepted.take() {
            Some((i, command)) if i == index => command,
            _ => self.checked(index)?,
        };
        self.listed = false;
        self.state.apply_into(command, &mut ());
        Ok(())
    }
    fn play_agent(&mut self) -> Result<bool, String> {
        if self.state.outcome().is_over() {
            return Ok(false);
        }
        let seat = self.state.current_player();
        let Some(Some(agent)) = self.agents.get_mut(seat) else {
            return Ok(false);
        };
        let command = agent.choose(&self.state);
        if let Err(e) = self.state.validate(&command) {
            return Err(format!(
                "agent {} chose an illegal command {}: {}",
                agent.name(),
                self.state.format_command(&self.labels, &command),
                e
            ));
        }
        self.accepted = None;
        self.listed = false;
        self.state.apply_into(command, &mut ());
        Ok(true)
    }
    fn set_agents(&mut self, agents: Vec<Option<orbitals::agent::AgentSpec>>, seed: u64) {
        self.agents = agents
            .iter()
            .enumerate()
            .map(|(seat, s)| {
                s.as_ref()
                    .map(|s| s.for_ruleset::<R>(orbitals::kit::series::agent_seed(seed, 0, seat)))
            })
            .collect();
    }
    fn command_text(&self, index: usize) -> Option<String> {
        self.state
            .command_at(index)
            .map(|c| self.state.format_command(&self.labels, &c))
    }
    fn view(&self) -> String {
        serde_yaml::to_string(&self.state.view(&self.labels)).unwrap_or_default()
    }
}
