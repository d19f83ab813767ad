//! The Globetrotter game state: every planet's spaces, the shared orbit, per-player counters and
//! the turn (rulings G3, G9, G11, G13).
//!
//! Each planet is a copy of the board ([`Board::get`]); its 92 faces are stored as [`Space`]s in
//! one flat `Vec` for all planets (`planet * FACE_COUNT + face`), so a clone is a handful of
//! allocations and copies of plain bytes. Unused faces (G1) are always empty.
use crate::globe::{Board, FaceId, Globe, FACE_COUNT};
use crate::ids::PlayerId;
pub use crate::state::Outcome;
use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;

/// Hit points of a new rover or building (G6).
pub const MAX_HP: u8 = 5;
/// Most action points a Treasury holds (G9).
pub const TREASURY_CAP: u8 = 3;
/// Fewest players (G11).
pub const MIN_PLAYERS: u8 = 2;
/// Most players (G11).
pub const MAX_PLAYERS: u8 = 6;
/// Most planets the engine supports (G13 says "1 or more").
pub const MAX_PLANETS: u8 = 8;
/// Default turn limit: the game is a draw when turn `limit + 1` would start.
pub const DEFAULT_TURN_LIMIT: u16 = 400;

/// A planet, 0-based; written 1-based in text (`1` is the first planet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlanetId(pub u8);

impl PlanetId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PlanetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A space on a planet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Loc {
    pub planet: PlanetId,
    pub face: FaceId,
}

impl Loc {
    pub fn new(planet: PlanetId, face: FaceId) -> Loc {
        Loc { planet, face }
    }
    /// Another face on the same planet.
    pub fn with(self, face: FaceId) -> Loc {
        Loc { face, ..self }
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.planet, self.face)
    }
}

/// The four HQ buildings (G8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Structure {
    SpacePort,
    Factory,
    DrillCannon,
    Treasury,
}

impl Structure {
    pub const ALL: [Structure; 4] = [
        Structure::SpacePort,
        Structure::Factory,
        Structure::DrillCannon,
        Structure::Treasury,
    ];
    /// The name used in the text notation.
    pub fn name(self) -> &'static str {
        match self {
            Structure::SpacePort => "space_port",
            Structure::Factory => "factory",
            Structure::DrillCannon => "drill_cannon",
            Structure::Treasury => "treasury",
        }
    }
    pub fn from_name(s: &str) -> Option<Structure> {
        Structure::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// Which way to turn or veer (facing variant, G12). Left is counter-clockwise seen from outside
/// the globe, i.e. the next edge in the face's edge order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Left,
    Right,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// The kind of piece a shot aims at (G6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    Rover,
    Fort,
    Building,
}

impl PieceKind {
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Rover => "rover",
            PieceKind::Fort => "fort",
            PieceKind::Building => "building",
        }
    }
}

/// A rover on a planet. `facing` is an edge index of its space (G12); 0 without the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rover {
    pub owner: PlayerId,
    pub hp: u8,
    pub facing: u8,
}

/// A structure standing on an HQ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Building {
    pub owner: PlayerId,
    pub kind: Structure,
    pub hp: u8,
}

/// What one space holds (G3): at most one rover or one building; a fortification only with a
/// friendly rover or alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Space {
    pub rover: Option<Rover>,
    pub fort: Option<PlayerId>,
    pub building: Option<Building>,
}

impl Space {
    pub fn is_empty(&self) -> bool {
        self.rover.is_none() && self.fort.is_none() && self.building.is_none()
    }
    /// G4: a rover of `p` may enter (no rover, no building, no enemy fortification).
    pub fn enterable_by(&self, p: PlayerId) -> bool {
        self.rover.is_none() && self.building.is_none() && self.fort.is_none_or(|o| o == p)
    }
}

/// Per-planet counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Planet {
    /// Destroyed by a Drill Cannon (G8): empty for the rest of the game.
    pub destroyed: bool,
    /// Times a Drill Cannon has fired on this planet (G8).
    pub fired: u8,
}

/// A Drill Cannon's state (G8): Ready, then Aim (any number of times), then Fire.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Drill {
    #[default]
    Idle,
    Ready,
    /// Aimed at a space of the cannon's planet.
    Aimed(FaceId),
}

/// Per-player counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerState {
    /// Lost (G10); takes no more turns. Their remaining pieces stay on the board.
    pub lost: bool,
    /// Action points stored in the player's Treasury (G9).
    pub treasury: u8,
    /// The player's Drill Cannon (at most one, G7).
    pub drill: Drill,
}

/// A rover in the shared orbit (G8, G13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OrbitRover {
    pub owner: PlayerId,
    pub hp: u8,
}

/// Setup (placing the first rovers, G11) or play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Setup,
    Play,
}

/// The table: players, planets, variant, turn limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    pub players: u8,
    pub planets: u8,
    /// The facing variant (G12).
    pub facing: bool,
    pub turn_limit: u16,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 2,
            planets: 1,
            facing: false,
            turn_limit: DEFAULT_TURN_LIMIT,
        }
    }
}

/// The whole game state.
#[derive(Debug, PartialEq)]
pub struct State {
    pub(crate) config: Config,
    /// `planets * FACE_COUNT` spaces.
    pub(crate) spaces: Vec<Space>,
    pub(crate) planets: Vec<Planet>,
    pub(crate) players: Vec<PlayerState>,
    /// The shared orbit, in arrival order.
    pub(crate) orbit: Vec<OrbitRover>,
    pub(crate) phase: Phase,
    /// The player to act (or to place, during setup).
    pub(crate) active: PlayerId,
    pub(crate) first_player: PlayerId,
    /// Player turns started so far (1 during the first turn of play; 0 in setup).
    pub(crate) turn: u16,
    /// Action points left in the active player's turn (G9).
    pub(crate) actions: u8,
    /// The active player has spent Treasury points this turn (then they may not save).
    pub(crate) spent: bool,
    pub(crate) outcome: Outcome,
    pub(crate) rng: ChaCha8Rng,
    /// Dice results used before the RNG, for tests and scenarios.
    pub(crate) forced_dice: VecDeque<u8>,
}

/// Written out so that [`Clone::clone_from`] copies into the target's own tables instead of
/// allocating new ones: searches copy positions into kept states
/// ([`crate::core::game::Outcomes`]).
impl Clone for State {
    fn clone(&self) -> Self {
        State {
            config: self.config,
            spaces: self.spaces.clone(),
            planets: self.planets.clone(),
            players: self.players.clone(),
            orbit: self.orbit.clone(),
            phase: self.phase,
            active: self.active,
            first_player: self.first_player,
            turn: self.turn,
            actions: self.actions,
            spent: self.spent,
            outcome: self.outcome,
            rng: self.rng.clone(),
            forced_dice: self.forced_dice.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        // Destructured so that a new field cannot be forgotten here.
        let State {
            config,
            spaces,
            planets,
            players,
            orbit,
            phase,
            active,
            first_player,
            turn,
            actions,
            spent,
            outcome,
            rng,
            forced_dice,
        } = source;
        self.config = *config;
        self.spaces.clone_from(spaces);
        self.planets.clone_from(planets);
        self.players.clone_from(players);
        self.orbit.clone_from(orbit);
        self.phase = *phase;
        self.active = *active;
        self.first_player = *first_player;
        self.turn = *turn;
        self.actions = *actions;
        self.spent = *spent;
        self.outcome = *outcome;
        self.rng.clone_from(rng);
        self.forced_dice.clone_from(forced_dice);
    }
}

impl State {
    /// An empty table in the setup phase, before the roll-off (see [`super::setup::start`]).
    /// The config is not checked here; [`super::new_game`] checks it.
    pub fn empty(config: Config, seed: u64) -> State {
        State {
            config,
            spaces: vec![Space::default(); config.planets as usize * FACE_COUNT],
            planets: vec![Planet::default(); config.planets as usize],
            players: vec![PlayerState::default(); config.players as usize],
            orbit: Vec::new(),
            phase: Phase::Setup,
            active: PlayerId(0),
            first_player: PlayerId(0),
            turn: 0,
            actions: 0,
            spent: false,
            outcome: Outcome::Ongoing,
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced_dice: VecDeque::new(),
        }
    }

    pub fn num_players(&self) -> u8 {
        self.config.players
    }
    pub fn num_planets(&self) -> u8 {
        self.config.planets
    }
    pub fn player_ids(&self) -> impl Iterator<Item = PlayerId> {
        (0..self.config.players).map(PlayerId)
    }
    pub fn planet_ids(&self) -> impl Iterator<Item = PlanetId> {
        (0..self.config.planets).map(PlanetId)
    }
    pub fn player(&self, p: PlayerId) -> &PlayerState {
        &self.players[p.index()]
    }
    pub(crate) fn player_mut(&mut self, p: PlayerId) -> &mut PlayerState {
        &mut self.players[p.index()]
    }
    pub fn planet(&self, p: PlanetId) -> &Planet {
        &self.planets[p.index()]
    }
    pub fn has_lost(&self, p: PlayerId) -> bool {
        self.players.get(p.index()).is_none_or(|s| s.lost)
    }

    pub fn space(&self, at: Loc) -> &Space {
        &self.spaces[at.planet.index() * FACE_COUNT + at.face.index()]
    }
    pub(crate) fn space_mut(&mut self, at: Loc) -> &mut Space {
        &mut self.spaces[at.planet.index() * FACE_COUNT + at.face.index()]
    }
    /// The spaces of one planet, indexed by face.
    pub fn planet_spaces(&self, p: PlanetId) -> &[Space] {
        &self.spaces[p.index() * FACE_COUNT..][..FACE_COUNT]
    }

    /// Every occupied playable space of every planet, with its contents.
    pub fn occupied(&self) -> impl Iterator<Item = (Loc, &Space)> + '_ {
        self.planet_ids().flat_map(move |p| {
            let sp = self.planet_spaces(p);
            Board::get()
                .spaces()
                .iter()
                .map(move |&f| (Loc::new(p, f), &sp[f.index()]))
                .filter(|(_, s)| !s.is_empty())
        })
    }

    /// Rovers of `p` on planets, with where they stand.
    pub fn rovers_of(&self, p: PlayerId) -> impl Iterator<Item = (Loc, Rover)> + '_ {
        self.occupied()
            .filter_map(move |(l, s)| s.rover.filter(|r| r.owner == p).map(|r| (l, r)))
    }

    /// Where `p`'s building of `kind` stands, if any. Buildings stand only on HQs.
    pub fn structure_of(&self, p: PlayerId, kind: Structure) -> Option<Loc> {
        self.planet_ids().find_map(|pl| {
            let sp = self.planet_spaces(pl);
            Board::get().hqs().iter().find_map(|&f| {
                sp[f.index()]
                    .building
                    .filter(|b| b.owner == p && b.kind == kind)
                    .map(|_| Loc::new(pl, f))
            })
        })
    }

    /// G10: a rover on a planet or in orbit.
    pub fn has_rover(&self, p: PlayerId) -> bool {
        self.orbit.iter().any(|r| r.owner == p)
            || self
                .spaces
                .iter()
                .any(|s| s.rover.is_some_and(|r| r.owner == p))
    }

    /// The next player still in the game after `p` (`p` itself when nobody else is).
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.config.players.max(1);
        let mut q = p;
        for _ in 0..n {
            q = PlayerId((q.0 + 1) % n);
            if !self.has_lost(q) {
                return q;
            }
        }
        p
    }

    /// Rolls one six-sided die: forced results first, then the seeded RNG.
    pub(crate) fn roll_d6(&mut self) -> u8 {
        match self.forced_dice.pop_front() {
            Some(r) => r,
            None => self.rng.gen_range(1..=6),
        }
    }
}

/// Number of edges (and corners) of a face.
pub fn sides(f: FaceId) -> u8 {
    Globe::get().face(f).neighbours().len() as u8
}
